import { useTranslation } from 'react-i18next';
import { OutboxTables } from './OutboxTables.tsx';

/** The brand's SMS and e-mails with their delivery state (codes and links masked); dead letters sent again. */
export default function OutboxesPage() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="outboxes-title">
      <h1 id="outboxes-title">{t('outboxes.title')}</h1>
      <OutboxTables base="/bo/v1/outbox" manage />
    </section>
  );
}
