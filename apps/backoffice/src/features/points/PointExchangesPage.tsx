import type { AdminExchange, ExchangeStatus } from '@lotus/contracts/points';
import { EXCHANGE_STATUSES } from '@lotus/contracts/points';
import { useTranslation } from 'react-i18next';
import { ChoiceFilter } from '../../components/ChoiceFilter.tsx';
import { DecideCell, QueuePage, type QueueRowProps } from '../../components/QueuePage.tsx';
import { formatAmount } from '../../lib/money.ts';

type Filters = { status: ExchangeStatus | '' };
type Action = { kind: 'pass' };

function statusText(t: (key: string) => string, status: ExchangeStatus): string {
  switch (status) {
    case 'applying':
      return t('points.status.applying');
    case 'passed':
      return t('points.status.passed');
    case 'rejected':
      return t('points.status.rejected');
  }
}

/**
 * The points mall's exchange queue: finance (and admin) pass an exchange (a cash product is paid
 * into the member's main wallet) or reject it with a reason (its points go back to the member).
 */
export default function PointExchangesPage() {
  const { t } = useTranslation();
  const initialFilters: Filters = { status: 'applying' };
  return (
    <QueuePage<AdminExchange, Filters, Action>
      name="point-exchanges"
      title={t('points.exchangesTitle')}
      path="/bo/v1/points/exchanges"
      initialFilters={initialFilters}
      readFilters={(data) => ({ status: String(data.get('status') ?? '') as Filters['status'] })}
      filterFields={
        <ChoiceFilter
          name="status"
          id="px-status"
          label={t('points.filterStatus')}
          allLabel={t('points.all')}
          values={EXCHANGE_STATUSES}
          text={(s) => statusText(t, s)}
          initial={initialFilters.status}
        />
      }
      searchLabel={t('points.search')}
      emptyText={t('points.emptyExchanges')}
      columns={[
        t('points.transactionNo'),
        t('points.member'),
        t('points.product'),
        t('points.requiredPoints'),
        t('points.delivery'),
        t('points.applyTime'),
        t('points.statusColumn'),
        t('points.actions'),
      ]}
      doneText={(x) => t('points.done', { id: x.id, status: statusText(t, x.status) })}
      reject={{ idPrefix: 'px', label: t('points.reason'), button: t('points.reject'), maxLength: 200 }}
      actRoles={['finance']}
      row={Row}
    />
  );
}

function Row({ item: x, mayAct, busy, act, rejectWithReason }: QueueRowProps<AdminExchange, Action>) {
  const { t } = useTranslation();
  return (
    <tr data-testid={`bo-point-exchange-${x.id}`}>
      <td>{x.transactionNo}</td>
      <td>{x.account}</td>
      <td>
        {x.productName} × {x.quantity}
        {x.exchangeType === 'cash' ? <div>{formatAmount(x.cashAmount)}</div> : null}
      </td>
      <td className="amount">{x.requiredPoints}</td>
      <td>
        {x.address}
        <div>{x.phone}</div>
      </td>
      <td>{new Date(x.applyTime).toLocaleString()}</td>
      <td>
        {statusText(t, x.status)}
        {x.reason ? <div>{x.reason}</div> : null}
      </td>
      <DecideCell
        open={mayAct && x.status === 'applying'}
        busy={busy}
        acceptLabel={t('points.pass')}
        onAccept={() => act({ kind: 'pass' })}
        rejectWithReason={rejectWithReason}
      />
    </tr>
  );
}
