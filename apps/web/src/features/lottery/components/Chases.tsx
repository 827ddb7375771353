import type { LotteryGame, LotteryOrder } from '@lotus/contracts/lottery';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../../components/ui/QueryError.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { type Status, StatusLine } from '../../../components/ui/StatusLine.tsx';
import { errorText } from '../../../lib/api-error.ts';
import { useCancelChase, useChaseOrders, useOrderDetail } from '../api/lottery.ts';
import { useMoney } from '../lib/use-money.ts';
import { ChaseSteps } from './ChaseSteps.tsx';
import { chasePlanLabel, chaseStatusLabel } from './labels.ts';

/** How many of the member's latest chases of the game the page shows. */
const SHOWN = 5;

/**
 * The member's chases of the game started today (from its chase orders, `POST /lgw/orders` with
 * `chasingOrder`), each with its plan, state, total and returned stake and its steps, and a button
 * to stop an active chase (`POST /lgw/orders/chase/{id}/cancel`: the draws not yet placed are
 * returned to the wallet).
 */
export function Chases({ game }: { game: LotteryGame }) {
  const { t } = useTranslation();
  const orders = useChaseOrders(game.gameId, true);
  if (orders.isPending) return null;
  if (orders.isError) return <QueryError error={orders.error} onRetry={() => void orders.refetch()} />;
  // One order per chase (the newest listed first): its detail carries the chase and its steps.
  const byChase = new Map<string, LotteryOrder>();
  for (const order of orders.data.items) {
    if (order.chaseId && !byChase.has(order.chaseId)) byChase.set(order.chaseId, order);
  }
  if (byChase.size === 0) return null;
  return (
    <section className="lottery-panel" aria-labelledby="lottery-chases-title" data-testid="lottery-chases">
      <h2 id="lottery-chases-title" className="lottery-panel__title">
        {t('lottery.chase.mine')}
      </h2>
      <ul className="lottery-orders">
        {[...byChase.entries()].slice(0, SHOWN).map(([chaseId, order]) => (
          <ChaseItem key={chaseId} chaseId={chaseId} orderId={order.orderId} />
        ))}
      </ul>
    </section>
  );
}

function ChaseItem({ chaseId, orderId }: { chaseId: string; orderId: string }) {
  const { t } = useTranslation();
  const money = useMoney();
  const detail = useOrderDetail(orderId);
  const stop = useCancelChase();
  const [status, setStatus] = useState<Status>(null);
  const chase = detail.data?.chase;
  return (
    <li className="lottery-order" data-testid="lottery-chase-item" data-status={chase?.status}>
      {detail.isPending ? (
        <Spinner />
      ) : detail.isError ? (
        <QueryError error={detail.error} onRetry={() => void detail.refetch()} />
      ) : chase ? (
        <>
          <div className="lottery-order__head">
            <span className="lottery-order__numero">{chasePlanLabel(t, chase.plan)}</span>
            <span className={`lottery-status lottery-status--${chase.status}`}>
              {chaseStatusLabel(t, chase.status)}
            </span>
          </div>
          <dl className="lottery-order__facts">
            <div>
              <dt>{t('lottery.chase.totalLabel')}</dt>
              <dd data-testid="lottery-chase-item-total">{money(chase.totalAmount)}</dd>
            </div>
            <div>
              <dt>{t('lottery.chase.returned')}</dt>
              <dd>{money(chase.returnedAmount)}</dd>
            </div>
            <div>
              <dt>{t('lottery.chase.winningStopShort')}</dt>
              <dd>{chase.winningStop ? t('lottery.chase.yes') : t('lottery.chase.no')}</dd>
            </div>
          </dl>
          <ChaseSteps chase={chase} />
          {chase.status === 'active' ? (
            <button
              type="button"
              className="button button--ghost"
              disabled={stop.isPending}
              data-testid="lottery-chase-stop"
              onClick={() =>
                stop.mutate(chaseId, {
                  onSuccess: () => {
                    setStatus({ ok: true, text: t('lottery.chase.stopped') });
                    void detail.refetch();
                  },
                  onError: (error) => setStatus({ ok: false, text: errorText(error) }),
                })
              }
            >
              {t('lottery.chase.stop')}
            </button>
          ) : null}
          <StatusLine status={status} />
        </>
      ) : null}
    </li>
  );
}
