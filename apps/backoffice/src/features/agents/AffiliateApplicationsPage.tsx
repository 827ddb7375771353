import {
  AFFILIATE_NOTE_REQUIRED,
  AFFILIATE_STATUSES,
  AFFILIATE_TRANSITIONS,
  type AffiliateStatus,
  type OperatorAffiliateApplication,
  type OperatorAffiliatePage,
} from '@lotus/contracts/agents';
import type { ContactChannel } from '@lotus/contracts/cs';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionMessage, type ActionOutcome, failure } from '../../components/ActionMessage.tsx';
import { Pagination } from '../../components/Pagination.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { ReviewActions } from '../../components/ReviewActions.tsx';
import { boApi } from '../../lib/api.ts';
import { canAct } from '../../lib/roles.ts';
import { session } from '../../lib/session.ts';

const PAGE_SIZE = 20;

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

type Filters = { status: AffiliateStatus | ''; search: string; from: string; to: string };

/**
 * Affiliate applications from /join (issue 11): every role reads; marketing, cs and admin mark them
 * contacted and approve or reject them with a note.
 */
export default function AffiliateApplicationsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const role = session.operator()?.role;
  const mayAct = role !== undefined && canAct(role, ['marketing', 'cs']);
  const [filters, setFilters] = useState<Filters>({ status: 'new', search: '', from: '', to: '' });
  const [page, setPage] = useState(1);
  const [message, setMessage] = useState<ActionOutcome>(null);
  const list = useQuery({
    queryKey: ['affiliates', filters, page],
    queryFn: () =>
      boApi<OperatorAffiliatePage>('/bo/v1/agents/applications', {
        query: { ...filters, page, size: PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchOnWindowFocus: 'always',
  });
  const move = useMutation({
    mutationFn: ({ id, status, note }: { id: string; status: AffiliateStatus; note: string }) =>
      boApi<OperatorAffiliateApplication>(`/bo/v1/agents/applications/${id}/status`, {
        method: 'POST',
        body: note ? { status, note } : { status },
      }),
    onSuccess: (a) => {
      setMessage({ ok: true, text: t('affiliates.done', { id: a.id, status: statusText(t, a.status) }) });
      void queryClient.invalidateQueries({ queryKey: ['affiliates'] });
    },
    onError: (error) => setMessage(failure(error)),
  });

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = (name: string) => String(data.get(name) ?? '').trim();
    setPage(1);
    setFilters({
      status: value('status') as Filters['status'],
      search: value('search'),
      from: value('from'),
      to: value('to'),
    });
  };

  return (
    <section aria-labelledby="affiliates-title" data-testid="bo-affiliates">
      <h1 id="affiliates-title">{t('affiliates.title')}</h1>
      <form className="filters" onSubmit={search}>
        <div className="field">
          <label htmlFor="af-status">{t('affiliates.statusColumn')}</label>
          <select id="af-status" name="status" defaultValue={filters.status}>
            <option value="">{t('affiliates.all')}</option>
            {AFFILIATE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusText(t, s)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="af-search">{t('affiliates.search')}</label>
          <input id="af-search" name="search" maxLength={100} />
        </div>
        <div className="field">
          <label htmlFor="af-from">{t('affiliates.from')}</label>
          <input id="af-from" name="from" type="date" />
        </div>
        <div className="field">
          <label htmlFor="af-to">{t('affiliates.to')}</label>
          <input id="af-to" name="to" type="date" />
        </div>
        <button type="submit">{t('common.search')}</button>
      </form>
      <ActionMessage message={message} />
      <QueryState loading={list.isPending} error={list.error} />
      {list.data ? (
        <>
          {list.data.items.length === 0 ? <p>{t('common.empty')}</p> : null}
          <div className="table-scroll">
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('affiliates.received')}</th>
                  <th scope="col">{t('affiliates.applicant')}</th>
                  <th scope="col">{t('affiliates.audience')}</th>
                  <th scope="col">{t('affiliates.statusColumn')}</th>
                  <th scope="col">{t('affiliates.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((a) => (
                  <tr key={a.id} data-testid={`bo-affiliate-${a.id}`}>
                    <td>
                      #{a.id}
                      <div>{new Date(a.createdAt).toLocaleString()}</div>
                    </td>
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
                    <td>
                      {statusText(t, a.status)}
                      {a.note ? <div className="wrap">{t('affiliates.note', { note: a.note })}</div> : null}
                      {a.handledBy ? <div>{t('affiliates.handledBy', { operator: a.handledBy })}</div> : null}
                    </td>
                    <td>
                      {mayAct ? (
                        <ReviewActions
                          id={`af-note-${a.id}`}
                          noteLabel={t('affiliates.noteLabel')}
                          maxLength={500}
                          busy={move.isPending}
                          noteRequired={AFFILIATE_NOTE_REQUIRED}
                          moves={AFFILIATE_TRANSITIONS[a.status].map((status) => ({
                            status,
                            label: moveText(t, status),
                          }))}
                          onMove={(status, note) => move.mutate({ id: a.id, status, note })}
                        />
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination page={page} pageSize={PAGE_SIZE} total={list.data.total} onPage={setPage} />
        </>
      ) : null}
    </section>
  );
}
