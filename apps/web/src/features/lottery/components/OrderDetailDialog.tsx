import type { OrderDetail } from '@lotus/contracts/lottery';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { QueryError } from '../../../components/ui/QueryError.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { useMoney } from '../../../lib/use-money.ts';
import { useOrderDetail } from '../api/lottery.ts';
import { ChaseSteps } from './ChaseSteps.tsx';
import { DrawVerify } from './DrawVerify.tsx';
import { chasePlanLabel, chaseStatusLabel, numeroStatusLabel, orderStatusLabel, playName } from './labels.ts';
import { ResultBalls } from './parts.tsx';

/**
 * One of the member's orders (`/lgw/orders/detail/{id}/info`) in an accessible dialog: its draw and
 * status, every slip with its stake and, once drawn, its payout, the result with the seed, and the
 * chase it belongs to with its steps.
 */
export function OrderDetailDialog({ orderId, onClose }: { orderId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useOrderDetail(orderId);
  return (
    <Dialog
      open={orderId !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('lottery.detail.title')}
      size="md"
      testId="lottery-order-detail"
    >
      {detail.isPending ? (
        <Spinner />
      ) : detail.isError ? (
        <QueryError error={detail.error} onRetry={() => void detail.refetch()} />
      ) : (
        <DetailBody order={detail.data} />
      )}
    </Dialog>
  );
}

function DetailBody({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <div className="lottery-detail" data-status={order.status}>
      <dl className="lottery-order__facts">
        <div>
          <dt>{t('lottery.orderNumber')}</dt>
          <dd>{order.orderNumber}</dd>
        </div>
        <div>
          <dt>{t('lottery.detail.draw')}</dt>
          <dd>
            {t('lottery.numero', { numero: order.numero })} · {numeroStatusLabel(t, order.numeroStatus)}
          </dd>
        </div>
        <div>
          <dt>{t('lottery.detail.status')}</dt>
          <dd data-testid="lottery-detail-status">{orderStatusLabel(t, order.status)}</dd>
        </div>
        <div>
          <dt>{t('lottery.stake')}</dt>
          <dd>{money(order.amount)}</dd>
        </div>
        <div>
          <dt>{t('lottery.payout')}</dt>
          <dd data-testid="lottery-detail-payout">{order.status === 'placed' ? '-' : money(order.payout)}</dd>
        </div>
      </dl>
      <h3 className="lottery-detail__title">{t('lottery.detail.slips')}</h3>
      <ul className="lottery-slip__list">
        {order.slips.map((slip) => (
          <li key={slip.index} className="lottery-slip__item" data-testid="lottery-detail-slip">
            <span className="lottery-slip__play">{playName(t, slip.playCode)}</span>
            <span className="lottery-slip__balls">{slip.balls.replaceAll('|', ' | ')}</span>
            <span className="lottery-muted">
              {t('lottery.detail.slipLine', {
                combinations: slip.combinations,
                multiple: slip.multiple,
                amount: money(slip.amount),
              })}
            </span>
            <span className="lottery-slip__amount" data-testid="lottery-detail-slip-payout">
              {slip.payout === null ? t('lottery.detail.notDrawn') : money(slip.payout)}
            </span>
          </li>
        ))}
      </ul>
      {order.result ? (
        <>
          <h3 className="lottery-detail__title">{t('lottery.detail.result')}</h3>
          <ResultBalls result={order.result} />
        </>
      ) : null}
      {order.seedHash ? (
        <details className="lottery-fair">
          <summary>{t('lottery.fairness')}</summary>
          <p className="lottery-hash">
            <span>{t('lottery.seedHash')}</span> <code>{order.seedHash}</code>
          </p>
          {order.seed ? (
            <>
              <p className="lottery-hash">
                <span>{t('lottery.seed')}</span> <code>{order.seed}</code>
              </p>
              <DrawVerify
                gameId={order.gameId}
                numero={order.numero}
                seedHash={order.seedHash}
                result={order.result}
              />
            </>
          ) : null}
        </details>
      ) : null}
      {order.chase ? (
        <>
          <h3 className="lottery-detail__title">
            {t('lottery.chase.title')}: {chasePlanLabel(t, order.chase.plan)} ·{' '}
            {chaseStatusLabel(t, order.chase.status)}
          </h3>
          <ChaseSteps chase={order.chase} />
        </>
      ) : null}
    </div>
  );
}
