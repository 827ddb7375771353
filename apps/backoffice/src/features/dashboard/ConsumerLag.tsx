import type { EventConsumersView } from '@lotus/contracts/backoffice';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../components/QueryState.tsx';
import { boApi } from '../../lib/api.ts';

/** The event feed's consumers: how many of this brand's entries and seconds each is behind. */
export function ConsumerLag() {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['events', 'consumers'],
    queryFn: () => boApi<EventConsumersView>('/bo/v1/events/consumers'),
    refetchInterval: 10_000,
  });
  const consumers = query.data?.consumers;
  return (
    <section aria-labelledby="consumer-lag-title">
      <h2 id="consumer-lag-title">{t('dashboard.consumers.title')}</h2>
      <QueryState loading={query.isPending} error={query.error} />
      {consumers && consumers.length === 0 && <p>{t('dashboard.consumers.none')}</p>}
      {consumers && consumers.length > 0 && (
        <div className="table-scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">{t('dashboard.consumers.name')}</th>
                <th scope="col">{t('dashboard.consumers.entriesBehind')}</th>
                <th scope="col">{t('dashboard.consumers.secondsBehind')}</th>
                <th scope="col">{t('dashboard.consumers.lastError')}</th>
              </tr>
            </thead>
            <tbody>
              {consumers.map((c) => (
                <tr key={c.name}>
                  <td>{c.name}</td>
                  <td>{c.entriesBehindCapped ? `${c.entriesBehind}+` : c.entriesBehind}</td>
                  <td>{c.secondsBehind}</td>
                  <td>{c.lastError}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
