import type { OperatorWithdrawal, WithdrawalStatus } from '@lotus/contracts/withdrawals';
import { WITHDRAWAL_STATUSES } from '@lotus/contracts/withdrawals';
import { useTranslation } from 'react-i18next';
import { ChoiceFilter } from '../../components/ChoiceFilter.tsx';
import { MemberDateFields, memberDateValues } from '../../components/MemberDateFields.tsx';
import { QueuePage, type QueueRowProps } from '../../components/QueuePage.tsx';
import { boBlobUrl } from '../../lib/api.ts';
import { formatAmount } from '../../lib/money.ts';

type Filters = { status: WithdrawalStatus | ''; username: string; from: string; to: string };
type Action = { kind: 'approve' | 'pay' } | { kind: 'resolve'; outcome: 'forced_receipt' | 'refund' };

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
  const initialFilters: Filters = { status: '', username: '', from: '', to: '' };
  return (
    <QueuePage<OperatorWithdrawal, Filters, Action>
      name="withdrawals"
      title={t('withdrawals.title')}
      path="/bo/v1/withdrawals"
      initialFilters={initialFilters}
      readFilters={(data) => ({
        status: String(data.get('status') ?? '') as Filters['status'],
        ...memberDateValues(data),
      })}
      filterFields={
        <>
          <ChoiceFilter
            name="status"
            id="wd-status"
            label={t('withdrawals.filterStatus')}
            allLabel={t('withdrawals.all')}
            values={WITHDRAWAL_STATUSES}
            text={(s) => statusText(t, s)}
            initial={initialFilters.status}
          />
          <MemberDateFields
            idPrefix="wd"
            labels={{
              username: t('withdrawals.username'),
              from: t('withdrawals.from'),
              to: t('withdrawals.to'),
            }}
          />
        </>
      }
      searchLabel={t('withdrawals.search')}
      emptyText={t('withdrawals.empty')}
      columns={[
        t('withdrawals.id'),
        t('withdrawals.member'),
        t('withdrawals.amount'),
        t('withdrawals.bank'),
        t('withdrawals.created'),
        t('withdrawals.statusColumn'),
        t('withdrawals.actions'),
      ]}
      doneText={(w) => t('withdrawals.done', { id: w.id, status: statusText(t, w.status) })}
      reject={{
        idPrefix: 'wd',
        label: t('withdrawals.reason'),
        button: t('withdrawals.reject'),
        maxLength: 500,
      }}
      actRoles={['finance']}
      row={Row}
    />
  );
}

function Row({ item: w, mayAct, busy, act, rejectWithReason }: QueueRowProps<OperatorWithdrawal, Action>) {
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
              <button type="button" disabled={busy} onClick={() => act({ kind: 'approve' })}>
                {t('withdrawals.approve')}
              </button>
            ) : null}
            {w.status === 'approved' ? (
              <button type="button" disabled={busy} onClick={() => act({ kind: 'pay' })}>
                {t('withdrawals.markPaid')}
              </button>
            ) : null}
            {w.status === 'pending' || w.status === 'approved' ? rejectWithReason : null}
            {w.status === 'disputed' || w.status === 'partial' ? (
              <>
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => act({ kind: 'resolve', outcome: 'forced_receipt' })}
                >
                  {t('withdrawals.forceReceipt')}
                </button>
                <button
                  type="button"
                  className="secondary"
                  disabled={busy}
                  onClick={() => act({ kind: 'resolve', outcome: 'refund' })}
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
