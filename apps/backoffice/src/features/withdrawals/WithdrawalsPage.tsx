import type {
  OperatorWithdrawal,
  OperatorWithdrawalPage,
  WithdrawalStatus,
} from '@lotus/contracts/withdrawals';
import { WITHDRAWAL_STATUSES } from '@lotus/contracts/withdrawals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionMessage, type ActionOutcome, failure } from '../../components/ActionMessage.tsx';
import { MemberDateFields, memberDateValues } from '../../components/MemberDateFields.tsx';
import { Pagination } from '../../components/Pagination.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { RejectWithReason } from '../../components/RejectWithReason.tsx';
import { boApi, boBlobUrl } from '../../lib/api.ts';
import { formatAmount } from '../../lib/money.ts';
import { canAct } from '../../lib/roles.ts';
import { session } from '../../lib/session.ts';

const PAGE_SIZE = 20;

type Filters = { status: WithdrawalStatus | ''; username: string; from: string; to: string };
type Action =
  | { kind: 'approve' | 'pay' }
  | { kind: 'reject'; reason: string }
  | { kind: 'resolve'; outcome: 'forced_receipt' | 'refund' };

function statusText(t: (key: string) => string, status: WithdrawalStatus): string {
  switch (status) {
    case 'pending':
      return t('withdrawals.status.pending');
    case 'approved':
      return t('withdrawals.status.approved');
    case 'rejected':
      return t('withdrawals.status.rejected');
    case 'paid':
      return t('withdrawals.status.paid');
    case 'received':
      return t('withdrawals.status.received');
    case 'disputed':
      return t('withdrawals.status.disputed');
    case 'partial':
      return t('withdrawals.status.partial');
    case 'refunded':
      return t('withdrawals.status.refunded');
  }
}

/** Opens the member's proof image in a new tab: it needs the operator token, so it is fetched. */
async function openProof(id: string) {
  try {
    const url = await boBlobUrl(`/bo/v1/withdrawals/${id}/proof`);
    window.open(url, '_blank', 'noopener');
    // The new tab has loaded it by then; the page keeps no copy.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch {
    // The button stays; a failed fetch opens nothing.
  }
}

/**
 * The withdrawal queue (spec §4): filter and page through the brand's withdrawals; finance (and
 * admin) approve, reject with a reason, mark paid, and resolve disputes and partial receipts.
 */
export default function WithdrawalsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const role = session.operator()?.role;
  const mayAct = role !== undefined && canAct(role, ['finance']);
  const [filters, setFilters] = useState<Filters>({ status: '', username: '', from: '', to: '' });
  const [page, setPage] = useState(1);
  const [message, setMessage] = useState<ActionOutcome>(null);

  const list = useQuery({
    queryKey: ['withdrawals', filters, page],
    // The queue refreshes when the operator comes back to the tab.
    staleTime: 0,
    refetchOnWindowFocus: 'always',
    queryFn: () =>
      boApi<OperatorWithdrawalPage>('/bo/v1/withdrawals', {
        query: { ...filters, page, size: PAGE_SIZE },
      }),
  });

  const act = useMutation({
    mutationFn: ({ id, action }: { id: string; action: Action }) => {
      const url = `/bo/v1/withdrawals/${id}/${action.kind}`;
      if (action.kind === 'reject')
        return boApi<OperatorWithdrawal>(url, { method: 'POST', body: { reason: action.reason } });
      if (action.kind === 'resolve') {
        return boApi<OperatorWithdrawal>(url, { method: 'POST', body: { outcome: action.outcome } });
      }
      return boApi<OperatorWithdrawal>(url, { method: 'POST' });
    },
    onSuccess: (w) => {
      setMessage({ ok: true, text: t('withdrawals.done', { id: w.id, status: statusText(t, w.status) }) });
      void queryClient.invalidateQueries({ queryKey: ['withdrawals'] });
    },
    onError: (error) => setMessage(failure(error)),
  });

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setPage(1);
    setFilters({
      status: String(data.get('status') ?? '') as Filters['status'],
      ...memberDateValues(data),
    });
  };

  return (
    <section aria-labelledby="withdrawals-title" data-testid="bo-withdrawals">
      <h1 id="withdrawals-title">{t('withdrawals.title')}</h1>
      <form className="filters" onSubmit={search}>
        <div className="field">
          <label htmlFor="wd-status">{t('withdrawals.filterStatus')}</label>
          <select id="wd-status" name="status" defaultValue={filters.status}>
            <option value="">{t('withdrawals.all')}</option>
            {WITHDRAWAL_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusText(t, s)}
              </option>
            ))}
          </select>
        </div>
        <MemberDateFields
          idPrefix="wd"
          labels={{
            username: t('withdrawals.username'),
            from: t('withdrawals.from'),
            to: t('withdrawals.to'),
          }}
        />
        <button type="submit">{t('withdrawals.search')}</button>
      </form>
      <ActionMessage message={message} />
      <QueryState loading={list.isPending} error={list.error} />
      {list.data ? (
        <>
          {list.data.items.length === 0 ? <p>{t('withdrawals.empty')}</p> : null}
          <div className="table-scroll">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{t('withdrawals.id')}</th>
                  <th scope="col">{t('withdrawals.member')}</th>
                  <th scope="col">{t('withdrawals.amount')}</th>
                  <th scope="col">{t('withdrawals.bank')}</th>
                  <th scope="col">{t('withdrawals.created')}</th>
                  <th scope="col">{t('withdrawals.statusColumn')}</th>
                  <th scope="col">{t('withdrawals.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((w) => (
                  <Row
                    key={w.id}
                    withdrawal={w}
                    mayAct={mayAct}
                    busy={act.isPending}
                    onAction={(action) => act.mutate({ id: w.id, action })}
                  />
                ))}
              </tbody>
            </table>
          </div>
          <Pagination page={page} pageSize={PAGE_SIZE} total={list.data.total} onPage={setPage} />
        </>
      ) : null}
    </section>
  );
}

function Row({
  withdrawal: w,
  mayAct,
  busy,
  onAction,
}: {
  withdrawal: OperatorWithdrawal;
  mayAct: boolean;
  busy: boolean;
  onAction: (action: Action) => void;
}) {
  const { t } = useTranslation();
  return (
    <tr data-testid={`bo-withdrawal-${w.id}`}>
      <td>{w.id}</td>
      <td>{w.username}</td>
      <td className="amount">
        {formatAmount(w.amount)} {w.currency}
        {w.receivedAmount !== null ? (
          <div>{t('withdrawals.receivedAmount', { amount: formatAmount(w.receivedAmount) })}</div>
        ) : null}
      </td>
      <td>
        {w.bankName} · {w.accountHolderName} · <code>{w.accountNumberFull}</code>
      </td>
      <td>{new Date(w.createdAt).toLocaleString()}</td>
      <td>
        {statusText(t, w.status)}
        {w.rejectReason ? <div>{w.rejectReason}</div> : null}
        {w.disputeNote ? <div>{w.disputeNote}</div> : null}
        {w.hasProof ? (
          <button type="button" className="link" onClick={() => void openProof(w.id)}>
            {t('withdrawals.proof')}
          </button>
        ) : null}
      </td>
      <td>
        {mayAct ? (
          <div className="actions">
            {w.status === 'pending' ? (
              <button type="button" disabled={busy} onClick={() => onAction({ kind: 'approve' })}>
                {t('withdrawals.approve')}
              </button>
            ) : null}
            {w.status === 'approved' ? (
              <button type="button" disabled={busy} onClick={() => onAction({ kind: 'pay' })}>
                {t('withdrawals.markPaid')}
              </button>
            ) : null}
            {w.status === 'pending' || w.status === 'approved' ? (
              <RejectWithReason
                id={`wd-reason-${w.id}`}
                label={t('withdrawals.reason')}
                button={t('withdrawals.reject')}
                maxLength={500}
                busy={busy}
                onReject={(reason) => onAction({ kind: 'reject', reason })}
              />
            ) : null}
            {w.status === 'disputed' || w.status === 'partial' ? (
              <>
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => onAction({ kind: 'resolve', outcome: 'forced_receipt' })}
                >
                  {t('withdrawals.forceReceipt')}
                </button>
                <button
                  type="button"
                  className="secondary"
                  disabled={busy}
                  onClick={() => onAction({ kind: 'resolve', outcome: 'refund' })}
                >
                  {t('withdrawals.refund')}
                </button>
              </>
            ) : null}
          </div>
        ) : null}
      </td>
    </tr>
  );
}
