import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../components/QueryState.tsx';
import { boApi } from '../../lib/api.ts';
import { OutboxTables } from './OutboxTables.tsx';

/**
 * The demo's "messages sent": SMS codes and e-mails in full, so every flow can be finished locally.
 * The API answers only in the demo brand outside production; elsewhere the page says it is off.
 */
export default function DemoMessagesPage() {
  const { t } = useTranslation();
  const status = useQuery({
    queryKey: ['demo-messages'],
    queryFn: () => boApi<{ enabled: boolean }>('/bo/v1/demo-messages'),
  });
  return (
    <section aria-labelledby="demo-messages-title">
      <h1 id="demo-messages-title">{t('outboxes.demo.title')}</h1>
      <QueryState loading={status.isPending} error={status.error} />
      {status.data?.enabled === false && <p role="status">{t('outboxes.demo.off')}</p>}
      {status.data?.enabled && (
        <>
          <p className="hint">{t('outboxes.demo.intro')}</p>
          <OutboxTables base="/bo/v1/demo-messages" manage={false} />
        </>
      )}
    </section>
  );
}
