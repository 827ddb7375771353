import { KYC_STATES, type KycState, type OperatorMemberKyc } from '@lotus/contracts/kyc';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionMessage, type ActionOutcome, failure } from '../../components/ActionMessage.tsx';
import { KycDocumentImage } from '../../components/KycDocumentImage.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { boApi } from '../../lib/api.ts';
import { documentKindText, documentStatusText, kycStateText } from '../../lib/kyc-labels.ts';
import { canAct } from '../../lib/roles.ts';
import { session } from '../../lib/session.ts';

/**
 * The member's KYC section of the member page (issue 25): state, date of birth, the documents with
 * a viewer, the state history (who, when, from, to, why) and, for admins, a direct change of the
 * state with its reason (a hold, lifting it, a final rejection).
 */
export function KycSection({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const role = session.operator()?.role ?? 'readonly';
  const [shown, setShown] = useState<string | null>(null);
  const [message, setMessage] = useState<ActionOutcome>(null);
  const key = ['member', memberId, 'kyc'];
  const kyc = useQuery({
    queryKey: key,
    queryFn: () => boApi<OperatorMemberKyc>(`/bo/v1/kyc/members/${memberId}`),
  });
  const change = useMutation({
    mutationFn: (body: { state: KycState; reason: string }) =>
      boApi<OperatorMemberKyc>(`/bo/v1/kyc/members/${memberId}/state`, { method: 'POST', body }),
    onSuccess: (value) => {
      queryClient.setQueryData(key, value);
      setMessage({ ok: true, text: t('kyc.stateChanged') });
    },
    onError: (error) => setMessage(failure(error)),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const reason = String(data.get('reason') ?? '').trim();
    if (!reason) return;
    change.mutate({ state: String(data.get('state')) as KycState, reason });
  };

  const data = kyc.data;
  return (
    <section aria-labelledby={`kyc-section-${memberId}`} data-testid="bo-member-kyc">
      <h2 id={`kyc-section-${memberId}`}>{t('kyc.section')}</h2>
      <QueryState loading={kyc.isPending} error={kyc.error} />
      <ActionMessage message={message} />
      {data ? (
        <>
          <dl className="facts">
            <dt>{t('kyc.stateLabel')}</dt>
            <dd data-testid="bo-member-kyc-state">{kycStateText(t, data.state)}</dd>
            <dt>{t('kyc.birthDate')}</dt>
            <dd>{data.birthDate || t('kyc.unknown')}</dd>
          </dl>
          <h3>{t('kyc.documents')}</h3>
          {data.documents.length === 0 ? <p>{t('kyc.noDocuments')}</p> : null}
          <ul className="kyc-documents">
            {data.documents.map((d) => (
              <li key={d.id}>
                {documentKindText(t, d.kind)} · {documentStatusText(t, d.status)} ·{' '}
                {new Date(d.createdAt).toLocaleString()}
                {d.reason ? <div>{d.reason}</div> : null}
                {d.note ? <div className="muted">{d.note}</div> : null}
                <button
                  type="button"
                  className="link"
                  aria-expanded={shown === d.id}
                  onClick={() => setShown((v) => (v === d.id ? null : d.id))}
                >
                  {shown === d.id ? t('kyc.hide') : t('kyc.view')}
                </button>
                {shown === d.id ? <KycDocumentImage id={d.id} /> : null}
              </li>
            ))}
          </ul>
          <h3>{t('kyc.history')}</h3>
          <div className="table-scroll">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{t('kyc.when')}</th>
                  <th scope="col">{t('kyc.from')}</th>
                  <th scope="col">{t('kyc.to')}</th>
                  <th scope="col">{t('kyc.by')}</th>
                  <th scope="col">{t('kyc.reason')}</th>
                </tr>
              </thead>
              <tbody>
                {data.history.map((h) => (
                  <tr key={`${h.createdAt}-${h.to}`}>
                    <td>{new Date(h.createdAt).toLocaleString()}</td>
                    <td>{kycStateText(t, h.from)}</td>
                    <td>{kycStateText(t, h.to)}</td>
                    <td>{h.actor ?? h.actorType}</td>
                    <td>{h.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {canAct(role, []) ? (
            <form onSubmit={submit} className="filters">
              <div className="field">
                <label htmlFor={`kyc-state-${memberId}`}>{t('kyc.newState')}</label>
                <select id={`kyc-state-${memberId}`} name="state" defaultValue="on_hold">
                  {KYC_STATES.map((s) => (
                    <option key={s} value={s}>
                      {kycStateText(t, s)}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label htmlFor={`kyc-reason-${memberId}`}>{t('kyc.reason')}</label>
                <input id={`kyc-reason-${memberId}`} name="reason" maxLength={500} required />
              </div>
              <button type="submit" disabled={change.isPending}>
                {t('kyc.changeState')}
              </button>
            </form>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
