import type { EndRequestList } from '@lotus/contracts/protection';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryState } from '../../components/QueryState.tsx';
import { boApi } from '../../lib/api.ts';
import { EndRequestActions } from './ProtectionPanel.tsx';

/** Pending requests to end a self-exclusion, oldest first; approval after the 24-hour cooling-off. */
export default function EndRequestsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: ['protection', 'end-requests'],
    queryFn: () => boApi<EndRequestList>('/bo/v1/protection/end-requests'),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['protection'] });
  return (
    <section aria-labelledby="end-requests-title">
      <h1 id="end-requests-title">{t('protection.queueTitle')}</h1>
      <QueryState loading={list.isPending} error={list.error} />
      {list.data && (
        <div className="table-scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">{t('protection.member')}</th>
                <th scope="col">{t('protection.requested')}</th>
                <th scope="col">{t('protection.decidable')}</th>
                <th scope="col">{t('protection.ends')}</th>
                <th scope="col">{t('protection.decision')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((r) => (
                <tr key={r.id}>
                  <td>
                    <Link to={`/members/${r.memberId}/protection`}>{r.username}</Link>
                  </td>
                  <td>{new Date(r.requestedAt).toLocaleString()}</td>
                  <td>{new Date(r.decidableAt).toLocaleString()}</td>
                  <td>
                    {r.exclusionEndsAt
                      ? new Date(r.exclusionEndsAt).toLocaleString()
                      : t('protection.indefinite')}
                  </td>
                  <td>
                    <EndRequestActions request={r} onDone={refresh} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.data?.items.length === 0 && <p>{t('common.empty')}</p>}
    </section>
  );
}
