import type { EmailOutboxPage, SmsOutboxPage } from '@lotus/contracts/backoffice';
import * as Tabs from '@radix-ui/react-tabs';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '../../components/Pagination.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { boApi } from '../../lib/api.ts';

/** What the demo's SMS and e-mail providers "sent": the outbox tables, newest first. */
export default function OutboxesPage() {
  const { t } = useTranslation();
  const [smsPage, setSmsPage] = useState(1);
  const [emailPage, setEmailPage] = useState(1);
  const sms = useQuery({
    queryKey: ['outbox', 'sms', smsPage],
    queryFn: () => boApi<SmsOutboxPage>('/bo/v1/outbox/sms', { query: { page: smsPage, pageSize: 20 } }),
    placeholderData: keepPreviousData,
    // A code sent a moment ago shows when the operator comes back to the tab (no reload).
    staleTime: 0,
    refetchOnWindowFocus: 'always',
  });
  const email = useQuery({
    queryKey: ['outbox', 'email', emailPage],
    queryFn: () =>
      boApi<EmailOutboxPage>('/bo/v1/outbox/email', { query: { page: emailPage, pageSize: 20 } }),
    placeholderData: keepPreviousData,
    // A code sent a moment ago shows when the operator comes back to the tab (no reload).
    staleTime: 0,
    refetchOnWindowFocus: 'always',
  });
  return (
    <section aria-labelledby="outboxes-title">
      <h1 id="outboxes-title">{t('outboxes.title')}</h1>
      <Tabs.Root defaultValue="sms" className="tabs">
        <Tabs.List aria-label={t('outboxes.title')}>
          <Tabs.Trigger value="sms">{t('outboxes.sms')}</Tabs.Trigger>
          <Tabs.Trigger value="email">{t('outboxes.email')}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="sms">
          <QueryState loading={sms.isPending} error={sms.error} />
          {sms.data && (
            <>
              <div className="table-scroll">
                <table>
                  <thead>
                    <tr>
                      <th scope="col">{t('ledger.time')}</th>
                      <th scope="col">{t('outboxes.phone')}</th>
                      <th scope="col">{t('outboxes.body')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {sms.data.items.map((row) => (
                      <tr key={row.id}>
                        <td>{new Date(row.createdAt).toLocaleString()}</td>
                        <td>{row.phone}</td>
                        <td>{row.body}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Pagination
                page={smsPage}
                pageSize={sms.data.pageSize}
                total={sms.data.total}
                onPage={setSmsPage}
              />
            </>
          )}
        </Tabs.Content>
        <Tabs.Content value="email">
          <QueryState loading={email.isPending} error={email.error} />
          {email.data && (
            <>
              <div className="table-scroll">
                <table>
                  <thead>
                    <tr>
                      <th scope="col">{t('ledger.time')}</th>
                      <th scope="col">{t('outboxes.to')}</th>
                      <th scope="col">{t('outboxes.subject')}</th>
                      <th scope="col">{t('outboxes.body')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {email.data.items.map((row) => (
                      <tr key={row.id}>
                        <td>{new Date(row.createdAt).toLocaleString()}</td>
                        <td>{row.to}</td>
                        <td>{row.subject}</td>
                        <td>
                          <pre className="mail">{row.body}</pre>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Pagination
                page={emailPage}
                pageSize={email.data.pageSize}
                total={email.data.total}
                onPage={setEmailPage}
              />
            </>
          )}
        </Tabs.Content>
      </Tabs.Root>
    </section>
  );
}
