import type { EndRequest, ProtectionPanel as Panel } from '@lotus/contracts/protection';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../components/QueryState.tsx';
import { boApi } from '../../lib/api.ts';
import { canAct } from '../../lib/roles.ts';
import { session } from '../../lib/session.ts';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '');

/** Approve or refuse one request to end a self-exclusion (cs and admin); shared by the queue. */
export function EndRequestActions({ request, onDone }: { request: EndRequest; onDone: () => void }) {
  const { t } = useTranslation();
  const role = session.operator()?.role ?? 'readonly';
  const decide = useMutation({
    mutationFn: (decision: 'approve' | 'refuse') =>
      boApi<EndRequest>(`/bo/v1/protection/end-requests/${request.id}/decision`, {
        method: 'POST',
        body: { decision },
      }),
    onSuccess: onDone,
  });
  if (request.status !== 'pending' || !canAct(role, ['cs'])) return null;
  const coolingOff = Date.parse(request.decidableAt) > Date.now();
  return (
    <span className="actions">
      <button
        type="button"
        disabled={decide.isPending || coolingOff}
        title={coolingOff ? t('protection.coolingOff', { date: when(request.decidableAt) }) : undefined}
        onClick={() => decide.mutate('approve')}
      >
        {t('protection.approve')}
      </button>
      <button
        type="button"
        className="secondary"
        disabled={decide.isPending}
        onClick={() => decide.mutate('refuse')}
      >
        {t('protection.refuse')}
      </button>
      {decide.error && (
        <span role="alert" className="error">
          {decide.error.message}
        </span>
      )}
    </span>
  );
}

/**
 * The member's protection panel: reality-check and session-limit settings, recent sessions, time-outs
 * and self-exclusions, requests to end them (approve or refuse), and the audit of every change.
 */
export function ProtectionPanel({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const panel = useQuery({
    queryKey: ['protection', memberId],
    queryFn: () => boApi<Panel>(`/bo/v1/protection/members/${memberId}`),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['protection'] });
  const data = panel.data;
  const minutes = (m: number) => (m === 0 ? t('protection.none') : t('protection.minutes', { count: m }));
  return (
    <div className="card" data-testid="protection-panel">
      <QueryState loading={panel.isPending} error={panel.error} />
      {data && (
        <>
          <dl className="facts">
            <dt>{t('protection.sessionLimit')}</dt>
            <dd>{minutes(data.settings.sessionLimitMinutes)}</dd>
            <dt>{t('protection.realityCheck')}</dt>
            <dd>{minutes(data.settings.realityCheckMinutes)}</dd>
          </dl>
          <h2>{t('protection.exclusions')}</h2>
          <div className="table-scroll">
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('protection.kind')}</th>
                  <th scope="col">{t('protection.started')}</th>
                  <th scope="col">{t('protection.ends')}</th>
                  <th scope="col">{t('protection.status')}</th>
                </tr>
              </thead>
              <tbody>
                {data.exclusions.map((x) => (
                  <tr key={x.id}>
                    <td>{x.kind === 'timeout' ? t('protection.timeout') : t('protection.selfExclusion')}</td>
                    <td>{when(x.startedAt)}</td>
                    <td>{x.endsAt ? when(x.endsAt) : t('protection.indefinite')}</td>
                    <td>{x.status === 'active' ? t('protection.active') : t('protection.ended')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {data.exclusions.length === 0 && <p>{t('common.empty')}</p>}
          <h2>{t('protection.requests')}</h2>
          <ul>
            {data.requests.map((r) => (
              <li key={r.id}>
                {when(r.requestedAt)} · {r.status} <EndRequestActions request={r} onDone={refresh} />
              </li>
            ))}
          </ul>
          {data.requests.length === 0 && <p>{t('common.empty')}</p>}
          <h2>{t('protection.sessions')}</h2>
          <div className="table-scroll">
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('protection.started')}</th>
                  <th scope="col">{t('protection.lastSeen')}</th>
                  <th scope="col">{t('protection.ip')}</th>
                  <th scope="col">{t('protection.status')}</th>
                </tr>
              </thead>
              <tbody>
                {data.sessions.map((s) => (
                  <tr key={`${s.startedAt}-${s.ip}`}>
                    <td>{when(s.startedAt)}</td>
                    <td>{when(s.lastSeenAt)}</td>
                    <td>{s.ip}</td>
                    <td>{s.active ? t('protection.active') : (s.endReason ?? t('protection.ended'))}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <h2>{t('protection.audit')}</h2>
          <div className="table-scroll">
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('protection.when')}</th>
                  <th scope="col">{t('protection.who')}</th>
                  <th scope="col">{t('protection.what')}</th>
                  <th scope="col">{t('protection.before')}</th>
                  <th scope="col">{t('protection.after')}</th>
                  <th scope="col">{t('protection.effectiveFrom')}</th>
                </tr>
              </thead>
              <tbody>
                {data.audit.map((a) => (
                  <tr key={`${a.at}-${a.action}`}>
                    <td>{when(a.at)}</td>
                    <td>{a.actor}</td>
                    <td>{a.action}</td>
                    <td>{a.before ? JSON.stringify(a.before) : ''}</td>
                    <td>{a.after ? JSON.stringify(a.after) : ''}</td>
                    <td>{when(a.effectiveFrom)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}
