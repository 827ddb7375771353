import { AGENT_KINDS } from '@lotus/contracts/accounts';
import type { OperatorAgent } from '@lotus/contracts/agents';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../components/QueryState.tsx';
import { boApi } from '../../lib/api.ts';

/**
 * The member page's agent section (issue 26): type, affiliate code, upline, standing and team
 * sizes; marketing (and admin) make the member an agent or change its type, suspend it or lift
 * the suspension, and move it with its sub-tree under another agent. Every action is audited.
 */
export function AgentPanel({ memberId, canEdit }: { memberId: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const agent = useQuery({
    queryKey: ['member', memberId, 'agent'],
    queryFn: () => boApi<OperatorAgent>(`/bo/v1/agents/members/${memberId}`),
  });
  const act = useMutation({
    mutationFn: ({ path, body }: { path: string; body: object }) =>
      boApi<OperatorAgent>(`/bo/v1/agents/members/${memberId}/${path}`, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['member', memberId] }),
  });
  const data = agent.data;
  const isAgent = data ? AGENT_KINDS.includes(data.isAgent) : false;
  const submit = (path: string, body: (form: FormData) => object) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    act.mutate({ path, body: body(new FormData(event.currentTarget)) });
  };
  return (
    <section className="card" aria-labelledby={`${id}-title`} data-testid="agent-panel">
      <h2 id={`${id}-title`}>{t('agentPanel.title')}</h2>
      <QueryState loading={agent.isPending} error={agent.error} />
      {data && (
        <dl className="facts">
          <dt>{t('agentPanel.type')}</dt>
          <dd data-testid="agent-type">{isAgent ? data.isAgent : t('agentPanel.notAgent')}</dd>
          <dt>{t('agentPanel.code')}</dt>
          <dd>{data.affiliateCode}</dd>
          <dt>{t('agentPanel.upline')}</dt>
          <dd>{data.uplineUsername}</dd>
          <dt>{t('agentPanel.standing')}</dt>
          <dd>{data.status === 'suspended' ? t('agentPanel.suspended') : t('agentPanel.active')}</dd>
          <dt>{t('agentPanel.team')}</dt>
          <dd>{t('agentPanel.teamSizes', { direct: data.directSize, team: data.teamSize })}</dd>
        </dl>
      )}
      {data && canEdit && (
        <div>
          <form
            onSubmit={submit('type', (f) => ({
              isAgent: Number(f.get('isAgent')),
              note: String(f.get('note') ?? ''),
            }))}
          >
            <label htmlFor={`${id}-type`}>{t('agentPanel.setType')}</label>
            <select id={`${id}-type`} name="isAgent" defaultValue={isAgent ? data.isAgent : 1}>
              {AGENT_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {kind}
                </option>
              ))}
            </select>
            <input
              name="note"
              aria-label={t('agentPanel.note')}
              placeholder={t('agentPanel.note')}
              maxLength={500}
            />
            <button type="submit" disabled={act.isPending}>
              {isAgent ? t('agentPanel.changeType') : t('agentPanel.makeAgent')}
            </button>
          </form>
          {isAgent && (
            <form
              onSubmit={submit('suspension', (f) => ({
                suspended: data.status !== 'suspended',
                note: String(f.get('note') ?? ''),
              }))}
            >
              <input
                name="note"
                required
                aria-label={t('agentPanel.note')}
                placeholder={t('agentPanel.note')}
                maxLength={500}
              />
              <button type="submit" className="secondary" disabled={act.isPending}>
                {data.status === 'suspended' ? t('agentPanel.lift') : t('agentPanel.suspend')}
              </button>
            </form>
          )}
          <form
            onSubmit={submit('upline', (f) => ({
              uplineUsername: String(f.get('uplineUsername') ?? ''),
              note: String(f.get('note') ?? ''),
            }))}
          >
            <label htmlFor={`${id}-upline`}>{t('agentPanel.moveUnder')}</label>
            <input id={`${id}-upline`} name="uplineUsername" required maxLength={40} />
            <input
              name="note"
              required
              aria-label={t('agentPanel.note')}
              placeholder={t('agentPanel.note')}
              maxLength={500}
            />
            <button type="submit" className="secondary" disabled={act.isPending}>
              {t('agentPanel.move')}
            </button>
          </form>
          {act.error && (
            <p role="alert" className="error">
              {act.error.message}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
