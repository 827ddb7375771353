import type {
  DepositMethodSettings,
  DepositStatus,
  OperatorDeposit,
  OperatorDepositPage,
} from '@lotus/contracts/deposits';
import { DEPOSIT_STATUSES } from '@lotus/contracts/deposits';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
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

type Filters = { status: DepositStatus | ''; methodId: string; username: string; from: string; to: string };
type Action = { kind: 'approve' } | { kind: 'reject'; reason: string };

function statusText(t: (key: string) => string, status: DepositStatus): string {
  switch (status) {
    case 'pending':
      return t('deposits.status.pending');
    case 'approved':
      return t('deposits.status.approved');
    case 'paid':
      return t('deposits.status.paid');
    case 'rejected':
      return t('deposits.status.rejected');
    case 'cancelled':
      return t('deposits.status.cancelled');
    case 'failed':
      return t('deposits.status.failed');
  }
}

/**
 * The deposit queue (spec §4): filter and page through the brand's deposits, look at a bank
 * transfer's receipt, and (finance, admin) approve or reject pending ones with a reason.
 */
export default function DepositsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const role = session.operator()?.role;
  const mayAct = role !== undefined && canAct(role, ['finance']);
  const [filters, setFilters] = useState<Filters>({
    status: 'pending',
    methodId: '',
    username: '',
    from: '',
    to: '',
  });
  const [page, setPage] = useState(1);
  const [message, setMessage] = useState<ActionOutcome>(null);

  const methods = useQuery({
    queryKey: ['deposit-methods'],
    queryFn: () => boApi<DepositMethodSettings>('/bo/v1/deposit-methods'),
    staleTime: 60_000,
  });
  const list = useQuery({
    queryKey: ['deposits', filters, page],
    // The queue refreshes when the operator comes back to the tab.
    staleTime: 0,
    refetchOnWindowFocus: 'always',
    queryFn: () =>
      boApi<OperatorDepositPage>('/bo/v1/deposits', { query: { ...filters, page, size: PAGE_SIZE } }),
  });

  const act = useMutation({
    mutationFn: ({ id, action }: { id: string; action: Action }) =>
      action.kind === 'reject'
        ? boApi<OperatorDeposit>(`/bo/v1/deposits/${id}/reject`, {
            method: 'POST',
            body: { reason: action.reason },
          })
        : boApi<OperatorDeposit>(`/bo/v1/deposits/${id}/approve`, { method: 'POST' }),
    onSuccess: (d) => {
      setMessage({ ok: true, text: t('deposits.done', { id: d.id, status: statusText(t, d.status) }) });
      void queryClient.invalidateQueries({ queryKey: ['deposits'] });
    },
    onError: (error) => setMessage(failure(error)),
  });

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setPage(1);
    setFilters({
      status: String(data.get('status') ?? '') as Filters['status'],
      methodId: String(data.get('methodId') ?? ''),
      ...memberDateValues(data),
    });
  };

  return (
    <section aria-labelledby="deposits-title" data-testid="bo-deposits">
      <h1 id="deposits-title">{t('deposits.title')}</h1>
      <form className="filters" onSubmit={search}>
        <div className="field">
          <label htmlFor="dp-status">{t('deposits.filterStatus')}</label>
          <select id="dp-status" name="status" defaultValue={filters.status}>
            <option value="">{t('deposits.all')}</option>
            {DEPOSIT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusText(t, s)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="dp-method">{t('deposits.method')}</label>
          <select id="dp-method" name="methodId" defaultValue="">
            <option value="">{t('deposits.all')}</option>
            {(methods.data?.methods ?? []).map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        </div>
        <MemberDateFields
          idPrefix="dp"
          labels={{ username: t('deposits.username'), from: t('deposits.from'), to: t('deposits.to') }}
        />
        <button type="submit">{t('deposits.search')}</button>
      </form>
      <ActionMessage message={message} />
      <QueryState loading={list.isPending} error={list.error} />
      {list.data ? (
        <>
          {list.data.items.length === 0 ? <p>{t('deposits.empty')}</p> : null}
          <div className="table-scroll">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{t('deposits.id')}</th>
                  <th scope="col">{t('deposits.member')}</th>
                  <th scope="col">{t('deposits.amount')}</th>
                  <th scope="col">{t('deposits.method')}</th>
                  <th scope="col">{t('deposits.details')}</th>
                  <th scope="col">{t('deposits.created')}</th>
                  <th scope="col">{t('deposits.statusColumn')}</th>
                  <th scope="col">{t('deposits.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((d) => (
                  <Row
                    key={d.id}
                    deposit={d}
                    mayAct={mayAct}
                    busy={act.isPending}
                    onAction={(action) => act.mutate({ id: d.id, action })}
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

/** The receipt needs the operator token, so it is fetched and shown from a blob URL. */
function Receipt({ id }: { id: string }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let created: string | null = null;
    let live = true;
    boBlobUrl(`/bo/v1/deposits/${id}/receipt`)
      .then((url) => {
        created = url;
        if (live) setUrl(url);
        else URL.revokeObjectURL(url);
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
      if (created) URL.revokeObjectURL(created);
    };
  }, [id]);
  if (failed) return <p role="alert">{t('deposits.receiptFailed')}</p>;
  if (!url) return <p aria-live="polite">{t('common.loading')}</p>;
  return (
    <img
      src={url}
      alt={t('deposits.receiptAlt', { id })}
      className="receipt"
      style={{ maxWidth: '16rem' }}
      data-testid={`bo-deposit-receipt-${id}`}
    />
  );
}

function Row({
  deposit: d,
  mayAct,
  busy,
  onAction,
}: {
  deposit: OperatorDeposit;
  mayAct: boolean;
  busy: boolean;
  onAction: (action: Action) => void;
}) {
  const { t } = useTranslation();
  const [showReceipt, setShowReceipt] = useState(false);
  return (
    <tr data-testid={`bo-deposit-${d.id}`}>
      <td>
        {d.id}
        <div>
          <code>{d.reference}</code>
        </div>
      </td>
      <td>{d.username}</td>
      <td className="amount">
        {formatAmount(d.amount)} {d.currency}
      </td>
      <td>{d.methodName}</td>
      <td>
        {d.kind === 'bank_transfer' ? (
          <>
            {d.bankName} · {d.accountNumber}
            <div>{t('deposits.transferReference', { reference: d.transferReference })}</div>
          </>
        ) : null}
        {d.gatewayTransactionId ? (
          <div>{t('deposits.gatewayTransaction', { id: d.gatewayTransactionId })}</div>
        ) : null}
        {d.hasReceipt ? (
          <>
            <button
              type="button"
              className="link"
              onClick={() => setShowReceipt((v) => !v)}
              aria-expanded={showReceipt}
            >
              {showReceipt ? t('deposits.hideReceipt') : t('deposits.showReceipt')}
            </button>
            {showReceipt ? <Receipt id={d.id} /> : null}
          </>
        ) : null}
      </td>
      <td>{new Date(d.createdAt).toLocaleString()}</td>
      <td>
        {statusText(t, d.status)}
        {d.rejectReason ? <div>{d.rejectReason}</div> : null}
      </td>
      <td>
        {mayAct && d.status === 'pending' ? (
          <div className="actions">
            <button type="button" disabled={busy} onClick={() => onAction({ kind: 'approve' })}>
              {t('deposits.approve')}
            </button>
            <RejectWithReason
              id={`dp-reason-${d.id}`}
              label={t('deposits.reason')}
              button={t('deposits.reject')}
              maxLength={200}
              busy={busy}
              onReject={(reason) => onAction({ kind: 'reject', reason })}
            />
          </div>
        ) : null}
      </td>
    </tr>
  );
}
