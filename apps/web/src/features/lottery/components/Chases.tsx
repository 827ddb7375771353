import type { ChaseListItem, LotteryGame } from '@lotus/contracts/lottery';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../../components/ui/QueryError.tsx';
import { type Status, StatusLine } from '../../../components/ui/StatusLine.tsx';
import { errorText } from '../../../lib/api-error.ts';
import { useMoney } from '../../../lib/use-money.ts';
import { useCancelChase, useChases } from '../api/lottery.ts';
import { ChaseSteps } from './ChaseSteps.tsx';
import { chasePlanLabel, chaseStatusLabel } from './labels.ts';

/** How many of the member's latest chases of the game the page shows. */
const SHOWN = 5;

/**
 * The member's latest chases of the game (`GET /lgw/orders/chase`), each with its plan, state,
 * total and returned stake and its steps, and a button to stop an active chase
 * (`POST /lgw/orders/chase/{id}/cancel`: the draws not yet placed are returned to the wallet).
 */
export function Chases({ game }: { game: LotteryGame }) {
  const { t } = useTranslation();
  const chases = useChases(game.gameId, true, SHOWN);
  if (chases.isPending) return null;
  if (chases.isError) return <QueryError error={chases.error} onRetry={() => void chases.refetch()} />;
  if (chases.data.items.length === 0) return null;
  return (
    <section className="lottery-panel" aria-labelledby="lottery-chases-title" data-testid="lottery-chases">
      <h2 id="lottery-chases-title" className="lottery-panel__title">
        {t('lottery.chase.mine')}
      </h2>
      <ul className="lottery-orders">
        {chases.data.items.map((chase) => (
          <ChaseItem key={chase.chaseId} chase={chase} />
        ))}
      </ul>
    </section>
  );
}

function ChaseItem({ chase }: { chase: ChaseListItem }) {
  const { t } = useTranslation();
  const money = useMoney();
  const stop = useCancelChase();
  const [status, setStatus] = useState<Status>(null);
  return (
    <li className="lottery-order" data-testid="lottery-chase-item" data-status={chase.status}>
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
            stop.mutate(chase.chaseId, {
              onSuccess: () => setStatus({ ok: true, text: t('lottery.chase.stopped') }),
              onError: (error) => setStatus({ ok: false, text: errorText(error) }),
            })
          }
        >
          {t('lottery.chase.stop')}
        </button>
      ) : null}
      <StatusLine status={status} />
    </li>
  );
}
