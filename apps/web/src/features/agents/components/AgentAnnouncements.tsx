import type { Announcement } from '@lotus/contracts/system';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../../components/ui/QueryError.tsx';
import { SafeHtml } from '../../../components/ui/SafeHtml.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { apiRequest } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import './agent-centre.css';

/** The agents' announcements: the relay call's audience G (agents only), every type. */
function useAgentAnnouncements() {
  return useQuery({
    queryKey: ['agent', 'announcements'],
    queryFn: () =>
      apiRequest<Announcement[]>('/wps/relay/MCSFE_getListAnnouncements', {
        query: { types: 'B,PL,PU,PR,H', platform: 'W', execution: 'G' },
      }),
  });
}

/** agentAnnouncement: what the back office publishes for the agents (audience G). */
export function AgentAnnouncements() {
  const { t } = useTranslation();
  const list = useAgentAnnouncements();
  if (list.isPending) return <Spinner />;
  if (list.isError) return <QueryError error={list.error} onRetry={() => void list.refetch()} />;
  if (list.data.length === 0) return <p className="agent-page__hint">{t('agentTeam.noAnnouncements')}</p>;
  return (
    <ul className="agent-page agent-announcements" data-testid="agent-announcements">
      {list.data.map((a) => (
        <li key={a.id} className="agent-card">
          <h3 className="agent-page__subtitle">{a.title}</h3>
          <p className="agent-page__hint">{formatDateTime(a.timestamp)}</p>
          <SafeHtml className="rich-text" html={a.content} />
        </li>
      ))}
    </ul>
  );
}
