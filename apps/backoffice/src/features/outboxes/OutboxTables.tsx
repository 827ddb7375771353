import type { EmailOutboxPage, OutboxStatus, SmsOutboxPage } from '@lotus/contracts/backoffice';
import * as Tabs from '@radix-ui/react-tabs';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '../../components/Pagination.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { boApi } from '../../lib/api.ts';

/** The label of each delivery state (literal keys, so the extractor sees them). */
function useStatusLabels(): Record<OutboxStatus, string> {
  const { t } = useTranslation();
  return {
    kept: t('outboxes.status.kept'),
    pending: t('outboxes.status.pending'),
    sending: t('outboxes.status.sending'),
    sent: t('outboxes.status.sent'),
    dead: t('outboxes.status.dead'),
  };
}

/** The delivery columns of a row: state, attempts, last error and the retry of a dead letter. */
type Delivery = { id: string; status: OutboxStatus; attempts: number; lastError: string | null };

function DeliveryCells({
  row,
  onRetry,
  retrying,
}: {
  row: Delivery;
  onRetry?: (id: string) => void;
  retrying: boolean;
}) {
  const { t } = useTranslation();
  const labels = useStatusLabels();
  return (
    <>
      <td>
        <span>{labels[row.status]}</span>
        {row.attempts > 0 && <div className="hint">{t('outboxes.attempts', { count: row.attempts })}</div>}
        {row.lastError && <div className="hint">{row.lastError}</div>}
      </td>
      {onRetry && (
        <td>
          {row.status === 'dead' && (
            <button type="button" disabled={retrying} onClick={() => onRetry(row.id)}>
              {t('outboxes.retry')}
            </button>
          )}
        </td>
      )}
    </>
  );
}

/**
 * The SMS and e-mail tabs of an outbox listing: `/bo/v1/outbox` (masked, with the dead-letter
 * filter and the retry) or the demo's `/bo/v1/demo-messages` (in full).
 */
export function OutboxTables({
  base,
  manage,
}: {
  base: '/bo/v1/outbox' | '/bo/v1/demo-messages';
  manage: boolean;
}) {
  const { t } = useTranslation();
  const labels = useStatusLabels();
  const queryClient = useQueryClient();
  const [smsPage, setSmsPage] = useState(1);
  const [emailPage, setEmailPage] = useState(1);
  const [status, setStatus] = useState<'' | OutboxStatus>('');
  const query = (page: number) => ({ page, pageSize: 20, ...(status ? { status } : {}) });
  const sms = useQuery({
    queryKey: [base, 'sms', smsPage, status],
    queryFn: () => boApi<SmsOutboxPage>(`${base}/sms`, { query: query(smsPage) }),
    placeholderData: keepPreviousData,
    // A code sent a moment ago shows when the operator comes back to the tab (no reload).
    staleTime: 0,
    refetchOnWindowFocus: 'always',
  });
  const email = useQuery({
    queryKey: [base, 'email', emailPage, status],
    queryFn: () => boApi<EmailOutboxPage>(`${base}/email`, { query: query(emailPage) }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchOnWindowFocus: 'always',
  });
  const retry = useMutation({
    mutationFn: ({ channel, id }: { channel: 'sms' | 'email'; id: string }) =>
      boApi(`/bo/v1/outbox/${channel}/${id}/retry`, { method: 'POST' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [base] }),
  });
  return (
    <>
      {manage && (
        <div className="toolbar">
          <label htmlFor="outbox-status">{t('outboxes.filter')}</label>
          <select
            id="outbox-status"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as '' | OutboxStatus);
              setSmsPage(1);
              setEmailPage(1);
            }}
          >
            <option value="">{t('outboxes.all')}</option>
            {(['dead', 'pending', 'sending', 'sent', 'kept'] as const).map((s) => (
              <option key={s} value={s}>
                {labels[s]}
              </option>
            ))}
          </select>
        </div>
      )}
      <QueryState loading={false} error={retry.error} />
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
                      <th scope="col">{t('outboxes.delivery')}</th>
                      {manage && <th scope="col">{t('outboxes.actions')}</th>}
                    </tr>
                  </thead>
                  <tbody>
                    {sms.data.items.map((row) => (
                      <tr key={row.id}>
                        <td>{new Date(row.createdAt).toLocaleString()}</td>
                        <td>{row.phone}</td>
                        <td>{row.body}</td>
                        <DeliveryCells
                          row={row}
                          retrying={retry.isPending}
                          {...(manage
                            ? { onRetry: (id: string) => retry.mutate({ channel: 'sms', id }) }
                            : {})}
                        />
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
                      <th scope="col">{t('outboxes.delivery')}</th>
                      {manage && <th scope="col">{t('outboxes.actions')}</th>}
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
                        <DeliveryCells
                          row={row}
                          retrying={retry.isPending}
                          {...(manage
                            ? { onRetry: (id: string) => retry.mutate({ channel: 'email', id }) }
                            : {})}
                        />
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
    </>
  );
}
