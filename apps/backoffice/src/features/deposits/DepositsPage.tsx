import type { DepositMethodSettings, DepositStatus, OperatorDeposit } from '@lotus/contracts/deposits';
import { DEPOSIT_STATUSES } from '@lotus/contracts/deposits';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceFilter } from '../../components/ChoiceFilter.tsx';
import { MemberDateFields, memberDateValues } from '../../components/MemberDateFields.tsx';
import { DecideCell, QueuePage, type QueueRowProps } from '../../components/QueuePage.tsx';
import { boApi, boBlobUrl } from '../../lib/api.ts';
import { formatAmount } from '../../lib/money.ts';

type Filters = { status: DepositStatus | ''; methodId: string; username: string; from: string; to: string };
type Action = { kind: 'approve' };

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
  const methods = useQuery({
    queryKey: ['deposit-methods'],
    queryFn: () => boApi<DepositMethodSettings>('/bo/v1/deposit-methods'),
    staleTime: 60_000,
  });
  const initialFilters: Filters = { status: 'pending', methodId: '', username: '', from: '', to: '' };

  return (
    <QueuePage<OperatorDeposit, Filters, Action>
      name="deposits"
      title={t('deposits.title')}
      path="/bo/v1/deposits"
      initialFilters={initialFilters}
      readFilters={(data) => ({
        status: String(data.get('status') ?? '') as Filters['status'],
        methodId: String(data.get('methodId') ?? ''),
        ...memberDateValues(data),
      })}
      filterFields={
        <>
          <ChoiceFilter
            name="status"
            id="dp-status"
            label={t('deposits.filterStatus')}
            allLabel={t('deposits.all')}
            values={DEPOSIT_STATUSES}
            text={(s) => statusText(t, s)}
            initial={initialFilters.status}
          />
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
        </>
      }
      searchLabel={t('deposits.search')}
      emptyText={t('deposits.empty')}
      columns={[
        t('deposits.id'),
        t('deposits.member'),
        t('deposits.amount'),
        t('deposits.method'),
        t('deposits.details'),
        t('deposits.created'),
        t('deposits.statusColumn'),
        t('deposits.actions'),
      ]}
      doneText={(d) => t('deposits.done', { id: d.id, status: statusText(t, d.status) })}
      reject={{ idPrefix: 'dp', label: t('deposits.reason'), button: t('deposits.reject'), maxLength: 200 }}
      actRoles={['finance']}
      row={Row}
    />
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

function Row({ item: d, mayAct, busy, act, rejectWithReason }: QueueRowProps<OperatorDeposit, Action>) {
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
      <DecideCell
        open={mayAct && d.status === 'pending'}
        busy={busy}
        acceptLabel={t('deposits.approve')}
        onAccept={() => act({ kind: 'approve' })}
        rejectWithReason={rejectWithReason}
      />
    </tr>
  );
}
