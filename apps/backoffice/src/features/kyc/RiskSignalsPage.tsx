import {
  RISK_SIGNAL_STATUSES,
  RISK_SIGNAL_TRANSITIONS,
  type RiskSignal,
  type RiskSignalStatus,
} from '@lotus/contracts/kyc';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChoiceFilter } from '../../components/ChoiceFilter.tsx';
import { QueuePage, type QueueRowProps } from '../../components/QueuePage.tsx';
import { ReviewActions } from '../../components/ReviewActions.tsx';
import { riskKindText, riskStatusText } from '../../lib/kyc-labels.ts';

type Filters = { status: RiskSignalStatus | '' };
type Action = { kind: 'status'; status: RiskSignalStatus; note: string };

/**
 * The risk-signal queue (issue 25): signals computed by the job `kyc_risk_signals` (rising losses,
 * night sessions) or raised by other domains (limit hits); an operator follows each up (open ->
 * contacted -> closed) and writes down the interaction.
 */
export default function RiskSignalsPage() {
  const { t } = useTranslation();
  const initialFilters: Filters = { status: 'open' };
  return (
    <QueuePage<RiskSignal, Filters, Action>
      name="risk-signals"
      title={t('risk.title')}
      path="/bo/v1/risk-signals"
      initialFilters={initialFilters}
      readFilters={(data) => ({ status: String(data.get('status') ?? '') as Filters['status'] })}
      filterFields={
        <ChoiceFilter
          name="status"
          id="risk-status"
          label={t('risk.filterStatus')}
          allLabel={t('risk.all')}
          values={RISK_SIGNAL_STATUSES}
          text={(s) => riskStatusText(t, s)}
          initial={initialFilters.status}
        />
      }
      searchLabel={t('risk.search')}
      emptyText={t('risk.empty')}
      columns={[
        t('risk.member'),
        t('risk.kindColumn'),
        t('risk.detail'),
        t('risk.statusColumn'),
        t('risk.actions'),
      ]}
      doneText={(s) => t('risk.done', { id: s.id, status: riskStatusText(t, s.status) })}
      reject={{ idPrefix: 'risk', label: t('risk.note'), button: t('risk.close'), maxLength: 500 }}
      actRoles={['cs']}
      row={Row}
    />
  );
}

function Row({ item: s, mayAct, busy, act }: QueueRowProps<RiskSignal, Action>) {
  const { t } = useTranslation();
  const moves = mayAct
    ? RISK_SIGNAL_TRANSITIONS[s.status].map((status) => ({ status, label: riskStatusText(t, status) }))
    : [];
  return (
    <tr data-testid={`bo-risk-${s.id}`}>
      <td>
        <Link to={`/members/${s.memberId}`}>{s.username}</Link>
      </td>
      <td>
        {riskKindText(t, s.kind)}
        <div>{s.period}</div>
      </td>
      <td>
        <dl className="facts">
          {Object.entries(s.detail).map(([key, value]) => (
            <div key={key}>
              <dt>{key}</dt>
              <dd>{String(value)}</dd>
            </div>
          ))}
        </dl>
      </td>
      <td>
        {riskStatusText(t, s.status)}
        {s.note ? <div>{s.note}</div> : null}
        {s.handledBy ? <div className="muted">{s.handledBy}</div> : null}
      </td>
      <td>
        <ReviewActions<RiskSignalStatus>
          id={`risk-note-${s.id}`}
          noteLabel={t('risk.note')}
          moves={moves}
          maxLength={500}
          busy={busy}
          onMove={(status, note) => act({ kind: 'status', status, note })}
        />
      </td>
    </tr>
  );
}
