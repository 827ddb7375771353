import type { AdminNumero, AdminOrderPage, CancelledNumero, ExposurePage } from '@lotus/contracts/lottery';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ActionMessage, type ActionOutcome, failure } from '../../components/ActionMessage.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { Pagination } from '../../components/Pagination.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { boApi } from '../../lib/api.ts';
import { formatAmount } from '../../lib/money.ts';
import { canAct } from '../../lib/roles.ts';
import { session } from '../../lib/session.ts';
import {
  dateTime,
  numeroStatusText,
  orderStatusText,
  resultText,
  tierText,
  useLotteryGames,
} from './lottery-shared.tsx';
import { ResultEntryForm } from './ResultEntryForm.tsx';
import { ResultReview } from './ResultReview.tsx';

const PAGE_SIZE = 20;

/**
 * One numero: its times, seed hash (and seed once drawn), result, a pending official result to
 * approve or reject, the result entry of an official numero past its close, its orders and the
 * house's exposure per number (largest liability first), and cancelling it with a reason (finance:
 * every order refunded once).
 */
export default function LotteryNumeroPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const role = session.operator()?.role ?? 'readonly';
  const isFinance = canAct(role, ['finance']);
  const [message, setMessage] = useState<ActionOutcome>(null);
  const [ordersPage, setOrdersPage] = useState(1);
  const [exposurePage, setExposurePage] = useState(1);
  const [cancelling, setCancelling] = useState(false);
  const [reason, setReason] = useState('');
  const games = useLotteryGames();
  const numero = useQuery({
    queryKey: ['lottery', 'numero', id],
    queryFn: () => boApi<AdminNumero>(`/bo/v1/lottery/numeros/${id}`),
  });
  const orders = useQuery({
    queryKey: ['lottery', 'numero', id, 'orders', ordersPage],
    queryFn: () =>
      boApi<AdminOrderPage>(`/bo/v1/lottery/numeros/${id}/orders`, {
        query: { page: ordersPage, pageSize: PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });
  const exposure = useQuery({
    queryKey: ['lottery', 'numero', id, 'exposure', exposurePage],
    queryFn: () =>
      boApi<ExposurePage>(`/bo/v1/lottery/numeros/${id}/exposure`, {
        query: { page: exposurePage, pageSize: PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });
  const cancel = useMutation({
    mutationFn: (why: string) =>
      boApi<CancelledNumero>(`/bo/v1/lottery/numeros/${id}/cancel`, {
        method: 'POST',
        body: { reason: why },
      }),
    onSuccess: (answer) => {
      setCancelling(false);
      setReason('');
      setMessage({
        ok: true,
        text: t('lottery.numeroCancelledRefunded', {
          numero: answer.numero.numero,
          refunded: answer.refunded,
        }),
      });
      void queryClient.invalidateQueries({ queryKey: ['lottery'] });
    },
    onError: (error) => {
      setCancelling(false);
      setMessage(failure(error));
    },
  });
  const submitCancel = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim()) cancel.mutate(reason.trim());
  };

  const n = numero.data;
  const game = n ? games.data?.items.find((g) => g.gameId === n.gameId) : undefined;
  const cancellable = n && (n.status === 'open' || n.status === 'closed');
  const canEnterResult =
    n &&
    game?.drawSource === 'official' &&
    (n.status === 'open' || n.status === 'closed') &&
    n.closeAt <= Date.now() &&
    isFinance;

  return (
    <section aria-labelledby="lottery-numero-title">
      <p>
        <Link to="/lottery-numeros">{t('lottery.backToNumeros')}</Link>
      </p>
      <h1 id="lottery-numero-title">
        {n ? t('lottery.numeroTitle', { game: n.gameCode, numero: n.numero }) : t('lottery.numero')}
      </h1>
      <ActionMessage message={message} />
      <QueryState loading={numero.isPending} error={numero.error} />
      {n && (
        <>
          <dl className="facts" data-testid="bo-lottery-numero-facts">
            <dt>{t('lottery.status')}</dt>
            <dd data-testid="bo-lottery-numero-status">{numeroStatusText(t, n.status)}</dd>
            <dt>{t('lottery.openAt')}</dt>
            <dd>{dateTime(n.openAt)}</dd>
            <dt>{t('lottery.closeAt')}</dt>
            <dd>{dateTime(n.closeAt)}</dd>
            <dt>{t('lottery.drawAt')}</dt>
            <dd>{dateTime(n.drawAt)}</dd>
            <dt>{t('lottery.seedHash')}</dt>
            <dd className="wrap">
              <code>{n.seedHash ?? '—'}</code>
            </dd>
            {n.seed ? (
              <>
                <dt>{t('lottery.seed')}</dt>
                <dd className="wrap">
                  <code>{n.seed}</code>
                </dd>
              </>
            ) : null}
            <dt>{t('lottery.orders')}</dt>
            <dd>{n.orders}</dd>
            <dt>{t('lottery.stake')}</dt>
            <dd>{formatAmount(n.stake)}</dd>
            <dt>{t('lottery.payout')}</dt>
            <dd>{formatAmount(n.payout)}</dd>
            {n.cancelReason ? (
              <>
                <dt>{t('lottery.cancelReason')}</dt>
                <dd className="wrap">{n.cancelReason}</dd>
              </>
            ) : null}
          </dl>
          <h2>{t('lottery.result')}</h2>
          {n.result && n.result.prizes.length > 0 ? (
            <ol className="prize-list" data-testid="bo-lottery-result">
              {n.result.prizes.map((p, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: prizes are in table order and never move
                <li key={i}>
                  <small>{tierText(t, p.tier)}</small> <strong>{p.number}</strong>
                </li>
              ))}
            </ol>
          ) : (
            <p data-testid="bo-lottery-result">{resultText(n.result)}</p>
          )}
          {n.pendingResult ? (
            <>
              <h3>{t('lottery.pendingResult')}</h3>
              <ResultReview
                entry={n.pendingResult}
                numero={n.numero}
                canDecide={isFinance}
                onMessage={setMessage}
              />
            </>
          ) : null}
          {canEnterResult && game ? (
            <details className="card">
              <summary>{n.pendingResult ? t('lottery.replaceResult') : t('lottery.enterResult')}</summary>
              <ResultEntryForm numero={n} family={game.family} onDone={() => setMessage(null)} />
            </details>
          ) : null}
          {isFinance && cancellable ? (
            <p>
              <button type="button" className="secondary" onClick={() => setCancelling(true)}>
                {t('lottery.cancelNumero')}
              </button>
            </p>
          ) : null}
        </>
      )}

      <h2>{t('lottery.orders')}</h2>
      <QueryState loading={orders.isPending} error={orders.error} />
      {orders.data && (
        <>
          {orders.data.items.length === 0 ? <p>{t('lottery.noOrders')}</p> : null}
          {orders.data.items.length > 0 ? (
            <div className="table-scroll">
              <table>
                <thead>
                  <tr>
                    <th scope="col">{t('lottery.orderNumber')}</th>
                    <th scope="col">{t('lottery.member')}</th>
                    <th scope="col">{t('lottery.prizeMode')}</th>
                    <th scope="col">{t('lottery.slips')}</th>
                    <th scope="col">{t('lottery.amount')}</th>
                    <th scope="col">{t('lottery.payout')}</th>
                    <th scope="col">{t('lottery.status')}</th>
                    <th scope="col">{t('lottery.placedAt')}</th>
                  </tr>
                </thead>
                <tbody>
                  {orders.data.items.map((o) => (
                    <tr
                      key={o.orderId}
                      data-testid={`bo-lottery-order-${o.orderNumber}`}
                      data-status={o.status}
                    >
                      <td className="wrap">{o.orderNumber}</td>
                      <td>
                        <Link to={`/members/${o.memberId}`}>{o.username}</Link>
                        {o.isTrial ? ` · ${t('lottery.trial')}` : ''}
                      </td>
                      <td>{o.prizeMode}</td>
                      <td className="num">{o.slipCount}</td>
                      <td className="num">{formatAmount(o.amount)}</td>
                      <td className="num">{formatAmount(o.payout)}</td>
                      <td>{orderStatusText(t, o.status)}</td>
                      <td>{dateTime(o.createdAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          <Pagination
            page={ordersPage}
            pageSize={PAGE_SIZE}
            total={orders.data.total}
            onPage={setOrdersPage}
          />
        </>
      )}

      <h2>{t('lottery.exposure')}</h2>
      <p className="hint">{t('lottery.exposureHint')}</p>
      <QueryState loading={exposure.isPending} error={exposure.error} />
      {exposure.data && (
        <>
          {exposure.data.items.length === 0 ? <p>{t('lottery.noExposure')}</p> : null}
          {exposure.data.items.length > 0 ? (
            <div className="table-scroll">
              <table>
                <thead>
                  <tr>
                    <th scope="col">{t('lottery.playType')}</th>
                    <th scope="col">{t('lottery.number')}</th>
                    <th scope="col">{t('lottery.liability')}</th>
                    <th scope="col">{t('lottery.cap')}</th>
                    <th scope="col">{t('lottery.stake')}</th>
                  </tr>
                </thead>
                <tbody>
                  {exposure.data.items.map((e) => (
                    <tr key={e.key} data-testid="bo-lottery-exposure-row">
                      <td>
                        {e.playCode} <small>{e.playId}</small>
                      </td>
                      <td className="wrap">{e.number}</td>
                      <td className="num">{formatAmount(e.liability)}</td>
                      <td className="num">{formatAmount(e.cap)}</td>
                      <td className="num">{formatAmount(e.stake)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          <Pagination
            page={exposurePage}
            pageSize={PAGE_SIZE}
            total={exposure.data.total}
            onPage={setExposurePage}
          />
        </>
      )}

      <Dialog
        open={cancelling}
        onOpenChange={(next) => !next && setCancelling(false)}
        title={t('lottery.cancelTitle', { numero: n?.numero ?? '' })}
      >
        <form onSubmit={submitCancel} data-testid="bo-lottery-cancel-form">
          <p>{t('lottery.cancelWarning', { orders: n?.orders ?? 0 })}</p>
          <div className="field">
            <label htmlFor="ln-cancel-reason">{t('lottery.cancelReason')}</label>
            <input
              id="ln-cancel-reason"
              required
              maxLength={200}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </div>
          <p className="actions">
            <button type="submit" disabled={cancel.isPending || reason.trim() === ''}>
              {t('lottery.confirmCancel')}
            </button>
            <button type="button" className="secondary" onClick={() => setCancelling(false)}>
              {t('lottery.keepNumero')}
            </button>
          </p>
        </form>
      </Dialog>
    </section>
  );
}
