import {
  CONTACT_CATEGORIES,
  CONTACT_CHANNELS,
  CONTACT_STATUSES,
  CONTACT_TRANSITIONS,
  type ContactCategory,
  type ContactChannel,
  type ContactStatus,
  type OperatorContactRequest,
  type OperatorFeedback,
  type OperatorFeedbackPage,
} from '@lotus/contracts/cs';
import * as Tabs from '@radix-ui/react-tabs';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceFilter } from '../../components/ChoiceFilter.tsx';
import { Pagination } from '../../components/Pagination.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { SubmissionQueue } from '../../components/SubmissionQueue.tsx';
import { boApi, boBlobUrl } from '../../lib/api.ts';

const PAGE_SIZE = 20;

export function contactStatusText(t: TFunction, status: ContactStatus): string {
  switch (status) {
    case 'new':
      return t('cs.status.new');
    case 'in_progress':
      return t('cs.status.inProgress');
    case 'closed':
      return t('cs.status.closed');
  }
}

function categoryText(t: TFunction, category: ContactCategory): string {
  switch (category) {
    case 'account':
      return t('cs.category.account');
    case 'payment':
      return t('cs.category.payment');
    case 'games':
      return t('cs.category.games');
    case 'promotion':
      return t('cs.category.promotion');
    case 'technical':
      return t('cs.category.technical');
    case 'other':
      return t('cs.category.other');
  }
}

function channelText(t: TFunction, channel: ContactChannel): string {
  switch (channel) {
    case 'mobile':
      return t('cs.channel.mobile');
    case 'email':
      return t('cs.channel.email');
    case 'whatsapp':
      return t('cs.channel.whatsapp');
    case 'telegram':
      return t('cs.channel.telegram');
  }
}

/** What the move to a status is called on its button. */
function moveText(t: TFunction, status: ContactStatus): string {
  return status === 'in_progress' ? t('cs.take') : status === 'closed' ? t('cs.close') : t('cs.status.new');
}

/**
 * Customer service (issue 11): the contact form's requests (live chat's stand-in) and the members'
 * feedback. Every role reads; cs and admin take and close requests with a note.
 */
export default function CsPage() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="cs-title" data-testid="bo-cs">
      <h1 id="cs-title">{t('cs.title')}</h1>
      <Tabs.Root defaultValue="requests" className="tabs">
        <Tabs.List aria-label={t('cs.title')}>
          <Tabs.Trigger value="requests">{t('cs.requests')}</Tabs.Trigger>
          <Tabs.Trigger value="feedback">{t('cs.feedback')}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="requests">
          <ContactRequests />
        </Tabs.Content>
        <Tabs.Content value="feedback">
          <FeedbackList />
        </Tabs.Content>
      </Tabs.Root>
    </section>
  );
}

function ContactRequests() {
  const { t } = useTranslation();
  return (
    <SubmissionQueue<
      ContactStatus,
      OperatorContactRequest,
      { category: ContactCategory | ''; channel: ContactChannel | '' }
    >
      queryKey={['cs', 'requests']}
      path="/bo/v1/cs/contact-requests"
      idPrefix="cs"
      rowTestId="bo-contact"
      statuses={CONTACT_STATUSES}
      transitions={CONTACT_TRANSITIONS}
      actRoles={['cs']}
      texts={{
        statusColumn: t('cs.statusColumn'),
        all: t('cs.all'),
        search: t('cs.search'),
        from: t('cs.from'),
        to: t('cs.to'),
        status: (status) => contactStatusText(t, status),
        move: (status) => moveText(t, status),
        note: (note) => t('cs.note', { note }),
        handledBy: (operator) => t('cs.handledBy', { operator }),
        noteLabel: t('cs.noteLabel'),
      }}
      filters={{
        fields: (
          <>
            <ChoiceFilter
              id="cs-category"
              name="category"
              label={t('cs.categoryColumn')}
              allLabel={t('cs.all')}
              values={CONTACT_CATEGORIES}
              text={(c) => categoryText(t, c)}
              initial=""
            />
            <ChoiceFilter
              id="cs-channel"
              name="channel"
              label={t('cs.channelColumn')}
              allLabel={t('cs.all')}
              values={CONTACT_CHANNELS}
              text={(c) => channelText(t, c)}
              initial=""
            />
          </>
        ),
        initial: { category: '', channel: '' },
        read: (value) => ({
          category: value('category') as ContactCategory | '',
          channel: value('channel') as ContactChannel | '',
        }),
      }}
      columns={[
        t('cs.received'),
        t('cs.sender'),
        t('cs.messageColumn'),
        t('cs.statusColumn'),
        t('cs.actions'),
      ]}
      cells={(r) => (
        <>
          <td>
            <strong>{r.name}</strong>
            {r.username ? <div>{t('cs.member', { username: r.username })}</div> : null}
            <div>
              {channelText(t, r.channel)}: <span className="wrap">{r.contact}</span>
            </div>
          </td>
          <td className="wrap">
            <div>
              <em>{categoryText(t, r.category)}</em> · {r.language}
            </div>
            {r.message}
          </td>
        </>
      )}
      doneText={(r) => t('cs.done', { id: r.id, status: contactStatusText(t, r.status) })}
    />
  );
}

/** A feedback image needs the operator token, so it is fetched and shown from a blob URL. */
function FeedbackImage({ id, index }: { id: string; index: number }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let created: string | null = null;
    let live = true;
    boBlobUrl(`/bo/v1/feedback/images/${id}`)
      .then((blobUrl) => {
        created = blobUrl;
        if (live) setUrl(blobUrl);
        else URL.revokeObjectURL(blobUrl);
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
      if (created) URL.revokeObjectURL(created);
    };
  }, [id]);
  if (failed) return <p role="alert">{t('cs.imageFailed')}</p>;
  if (!url) return <p aria-live="polite">{t('common.loading')}</p>;
  return (
    <a href={url} target="_blank" rel="noreferrer">
      <img
        src={url}
        alt={t('cs.imageAlt', { n: index + 1 })}
        className="feedback-image"
        data-testid={`bo-feedback-image-${id}`}
      />
    </a>
  );
}

function FeedbackRow({ feedback: f }: { feedback: OperatorFeedback }) {
  const { t } = useTranslation();
  const [showImages, setShowImages] = useState(false);
  return (
    <tr data-testid={`bo-feedback-${f.id}`}>
      <td>
        #{f.id}
        <div>{new Date(f.createdAt).toLocaleString()}</div>
      </td>
      <td>{f.language}</td>
      <td className="wrap">{f.content}</td>
      <td>
        {f.imageIds.length > 0 ? (
          <>
            <button
              type="button"
              className="secondary"
              aria-expanded={showImages}
              onClick={() => setShowImages((v) => !v)}
            >
              {showImages ? t('cs.hideImages') : t('cs.showImages', { count: f.imageIds.length })}
            </button>
            {showImages ? (
              <div className="feedback-images">
                {f.imageIds.map((imageId, index) => (
                  <FeedbackImage key={imageId} id={imageId} index={index} />
                ))}
              </div>
            ) : null}
          </>
        ) : (
          t('cs.noImages')
        )}
      </td>
    </tr>
  );
}

function FeedbackList() {
  const { t } = useTranslation();
  const [range, setRange] = useState({ from: '', to: '' });
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: ['cs', 'feedback', range, page],
    queryFn: () =>
      boApi<OperatorFeedbackPage>('/bo/v1/feedback', { query: { ...range, page, size: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchOnWindowFocus: 'always',
  });
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setPage(1);
    setRange({ from: String(data.get('from') ?? ''), to: String(data.get('to') ?? '') });
  };
  return (
    <>
      <form className="filters" onSubmit={search}>
        <div className="field">
          <label htmlFor="fb-from">{t('cs.from')}</label>
          <input id="fb-from" name="from" type="date" />
        </div>
        <div className="field">
          <label htmlFor="fb-to">{t('cs.to')}</label>
          <input id="fb-to" name="to" type="date" />
        </div>
        <button type="submit">{t('common.search')}</button>
      </form>
      <QueryState loading={list.isPending} error={list.error} />
      {list.data ? (
        <>
          {list.data.items.length === 0 ? <p>{t('common.empty')}</p> : null}
          <div className="table-scroll">
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('cs.received')}</th>
                  <th scope="col">{t('cs.language')}</th>
                  <th scope="col">{t('cs.feedbackColumn')}</th>
                  <th scope="col">{t('cs.images')}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((f) => (
                  <FeedbackRow key={f.id} feedback={f} />
                ))}
              </tbody>
            </table>
          </div>
          <Pagination page={page} pageSize={PAGE_SIZE} total={list.data.total} onPage={setPage} />
        </>
      ) : null}
    </>
  );
}
