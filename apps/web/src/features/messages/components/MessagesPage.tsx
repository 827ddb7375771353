import type { InboxMessage } from '@lotus/contracts/messages';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { Pagination } from '../../../components/ui/Pagination.tsx';
import { QueryError } from '../../../components/ui/QueryError.tsx';
import { SafeHtml } from '../../../components/ui/SafeHtml.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { type Status, StatusLine } from '../../../components/ui/StatusLine.tsx';
import { errorText } from '../../../lib/api-error.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useDeleteMessage, useInbox, useReadAllMessages, useReadMessage } from '../api/messages.ts';
import './messages.css';

const PAGE_SIZE = 10;

/** Member-centre messageV2 (platform information): the member's inbox; opening a message marks it read. */
export function MessagesPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<InboxMessage | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const inbox = useInbox(page, PAGE_SIZE);
  const read = useReadMessage();
  const readAll = useReadAllMessages();
  const remove = useDeleteMessage();

  if (inbox.isPending) return <Spinner />;
  if (inbox.isError) return <QueryError error={inbox.error} onRetry={() => void inbox.refetch()} />;
  const { items, total, unread } = inbox.data;
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));

  const toggle = (message: InboxMessage) => {
    if (open?.id === message.id) {
      setOpen(null);
      return;
    }
    setOpen(message);
    if (!message.read) {
      read.mutate(message.id, {
        onSuccess: (opened) => setOpen(opened),
        onError: (error) => setStatus({ ok: false, text: errorText(error) }),
      });
    }
  };

  return (
    <div className="messages-page" data-testid="messages-page">
      <div className="messages-page__head">
        <h2 className="messages-page__title">{t('messages.title')}</h2>
        {unread > 0 ? (
          <button
            type="button"
            className="button button--ghost"
            disabled={readAll.isPending}
            onClick={() =>
              readAll.mutate(undefined, {
                onError: (error) => setStatus({ ok: false, text: errorText(error) }),
              })
            }
          >
            {t('messages.readAll')}
          </button>
        ) : null}
      </div>
      <p className="messages-page__count">{t('messages.unreadCount', { count: unread })}</p>
      <StatusLine status={status} />
      {items.length === 0 ? (
        <EmptyState title={t('messages.empty')} />
      ) : (
        <ul className="messages" data-testid="messages">
          {items.map((message) => {
            const expanded = open?.id === message.id;
            return (
              <li
                key={message.id}
                className={`message${message.read ? '' : ' message--unread'}`}
                data-testid={`message-${message.id}`}
              >
                <button
                  type="button"
                  className="message__head"
                  aria-expanded={expanded}
                  onClick={() => toggle(message)}
                >
                  {message.read ? null : (
                    <span className="message__dot">
                      <span className="visually-hidden">{t('messages.unread')}</span>
                    </span>
                  )}
                  <span className="message__title">{message.title}</span>
                  <time className="message__time" dateTime={new Date(message.timestamp).toISOString()}>
                    {formatDateTime(message.timestamp)}
                  </time>
                </button>
                {expanded ? (
                  <div className="message__body">
                    <SafeHtml html={(open ?? message).content} className="message__content" />
                    <button
                      type="button"
                      className="link-button"
                      disabled={remove.isPending}
                      onClick={() =>
                        remove.mutate(message.id, {
                          onSuccess: () => {
                            setOpen(null);
                            setStatus({ ok: true, text: t('messages.deleted') });
                          },
                          onError: (error) => setStatus({ ok: false, text: errorText(error) }),
                        })
                      }
                    >
                      {t('messages.delete')}
                    </button>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {pageCount > 1 ? (
        <Pagination page={page} pageCount={pageCount} onChange={setPage} label={t('messages.pages')} />
      ) : null}
    </div>
  );
}
