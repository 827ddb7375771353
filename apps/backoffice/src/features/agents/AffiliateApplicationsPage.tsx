import {
  AFFILIATE_NOTE_REQUIRED,
  AFFILIATE_STATUSES,
  AFFILIATE_TRANSITIONS,
  type AffiliateStatus,
  type OperatorAffiliateApplication,
} from '@lotus/contracts/agents';
import type { ContactChannel } from '@lotus/contracts/cs';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { SubmissionQueue } from '../../components/SubmissionQueue.tsx';

function statusText(t: TFunction, status: AffiliateStatus): string {
  switch (status) {
    case 'new':
      return t('affiliates.status.new');
    case 'contacted':
      return t('affiliates.status.contacted');
    case 'approved':
      return t('affiliates.status.approved');
    case 'rejected':
      return t('affiliates.status.rejected');
  }
}

/** What the move to a status is called on its button. */
function moveText(t: TFunction, status: AffiliateStatus): string {
  switch (status) {
    case 'contacted':
      return t('affiliates.markContacted');
    case 'approved':
      return t('affiliates.approve');
    case 'rejected':
      return t('affiliates.reject');
    case 'new':
      return t('affiliates.status.new');
  }
}

function channelText(t: TFunction, channel: ContactChannel): string {
  switch (channel) {
    case 'mobile':
      return t('affiliates.channel.mobile');
    case 'email':
      return t('affiliates.channel.email');
    case 'whatsapp':
      return t('affiliates.channel.whatsapp');
    case 'telegram':
      return t('affiliates.channel.telegram');
  }
}

/**
 * Affiliate applications from /join (issue 11): every role reads; marketing, cs and admin mark them
 * contacted and approve or reject them with a note.
 */
export default function AffiliateApplicationsPage() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="affiliates-title" data-testid="bo-affiliates">
      <h1 id="affiliates-title">{t('affiliates.title')}</h1>
      <SubmissionQueue<AffiliateStatus, OperatorAffiliateApplication>
        queryKey={['affiliates']}
        path="/bo/v1/agents/applications"
        idPrefix="af"
        rowTestId="bo-affiliate"
        statuses={AFFILIATE_STATUSES}
        transitions={AFFILIATE_TRANSITIONS}
        noteRequired={AFFILIATE_NOTE_REQUIRED}
        actRoles={['marketing', 'cs']}
        texts={{
          statusColumn: t('affiliates.statusColumn'),
          all: t('affiliates.all'),
          search: t('affiliates.search'),
          from: t('affiliates.from'),
          to: t('affiliates.to'),
          status: (status) => statusText(t, status),
          move: (status) => moveText(t, status),
          note: (note) => t('affiliates.note', { note }),
          handledBy: (operator) => t('affiliates.handledBy', { operator }),
          noteLabel: t('affiliates.noteLabel'),
        }}
        columns={[
          t('affiliates.received'),
          t('affiliates.applicant'),
          t('affiliates.audience'),
          t('affiliates.statusColumn'),
          t('affiliates.actions'),
        ]}
        cells={(a) => (
          <>
            <td>
              <strong>{a.name}</strong>
              {a.username ? <div>{t('affiliates.member', { username: a.username })}</div> : null}
              <ul className="plain-list">
                {a.contacts.map((c) => (
                  <li key={c.channel}>
                    {channelText(t, c.channel)}: <span className="wrap">{c.value}</span>
                  </li>
                ))}
              </ul>
            </td>
            <td className="wrap">
              <div>{t('affiliates.players', { count: a.monthlyPlayers })}</div>
              {a.sites.length > 0 ? (
                <ul className="plain-list">
                  {a.sites.map((site) => (
                    <li key={site}>{site}</li>
                  ))}
                </ul>
              ) : null}
              {a.message ? <div>{a.message}</div> : null}
            </td>
          </>
        )}
        doneText={(a) => t('affiliates.done', { id: a.id, status: statusText(t, a.status) })}
      />
    </section>
  );
}
