import type { OperatorRole } from '@lotus/contracts/backoffice';
import {
  MESSAGE_STATES,
  type MessageState,
  type NewMessageBody,
  type OperatorMessage,
  type OperatorMessagePage,
} from '@lotus/contracts/messages';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionMessage, type ActionOutcome, failure } from '../../components/ActionMessage.tsx';
import { PagedTable, RowAction } from '../../components/DataTable.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { SelectField } from '../../components/SelectField.tsx';
import { boApi } from '../../lib/api.ts';
import { canAct } from '../../lib/roles.ts';
import { session } from '../../lib/session.ts';

const SENDERS: OperatorRole[] = ['marketing', 'cs'];

type T = ReturnType<typeof useTranslation>['t'];

function stateLabel(t: T, state: MessageState): string {
  if (state === 'scheduled') return t('messages.states.scheduled');
  if (state === 'published') return t('messages.states.published');
  return t('messages.states.withdrawn');
}

function languageLabel(t: T, lang: 'en' | 'ms' | 'cn'): string {
  if (lang === 'ms') return t('messages.language.ms');
  if (lang === 'cn') return t('messages.language.cn');
  return t('messages.language.en');
}
const LANGUAGES = ['en', 'ms', 'cn'] as const;

type Draft = {
  audience: 'all' | 'members';
  usernames: string;
  publishAt: string;
  title: Record<(typeof LANGUAGES)[number], string>;
  content: Record<(typeof LANGUAGES)[number], string>;
};

const EMPTY: Draft = {
  audience: 'all',
  usernames: '',
  publishAt: '',
  title: { en: '', ms: '', cn: '' },
  content: { en: '', ms: '', cn: '' },
};

/** The request body of a draft: empty MS/CN are left out (the server uses EN). */
export function messageBody(draft: Draft): NewMessageBody {
  const pick = (texts: Draft['title']) => ({
    en: texts.en,
    ...(texts.ms.trim() ? { ms: texts.ms } : {}),
    ...(texts.cn.trim() ? { cn: texts.cn } : {}),
  });
  return {
    title: pick(draft.title),
    content: pick(draft.content),
    audience: draft.audience,
    ...(draft.audience === 'members'
      ? {
          usernames: draft.usernames
            .split(/[\s,;]+/)
            .map((u) => u.trim())
            .filter((u) => u !== ''),
        }
      : {}),
    ...(draft.publishAt ? { publishAt: new Date(draft.publishAt).toISOString() } : {}),
  };
}

/** Messages to members (messageV2): send now or later, to everyone or to listed members; withdraw. */
export default function MessagesPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const role = session.operator()?.role ?? 'readonly';
  const mayAct = canAct(role, SENDERS);
  const [state, setState] = useState<MessageState | ''>('');
  const [page, setPage] = useState(1);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [outcome, setOutcome] = useState<ActionOutcome>(null);
  const list = useQuery({
    queryKey: ['messages', state, page],
    queryFn: () =>
      boApi<OperatorMessagePage>('/bo/v1/messages', { query: { page, size: 20, state: state || undefined } }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['messages'] });
  const send = useMutation({
    mutationFn: () => boApi<OperatorMessage>('/bo/v1/messages', { method: 'POST', body: messageBody(draft) }),
    onSuccess: (message) => {
      setDraft(EMPTY);
      setOutcome({ ok: true, text: t('messages.sent', { id: message.id }) });
      void refresh();
    },
    onError: (error) => setOutcome(failure(error)),
  });
  const withdraw = useMutation({
    mutationFn: (id: string) => boApi<OperatorMessage>(`/bo/v1/messages/${id}/withdraw`, { method: 'POST' }),
    onSuccess: (message) => {
      setOutcome({ ok: true, text: t('messages.withdrawn', { id: message.id }) });
      void refresh();
    },
    onError: (error) => setOutcome(failure(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate();
  };
  const setText = (part: 'title' | 'content', lang: (typeof LANGUAGES)[number], value: string) =>
    setDraft((d) => ({ ...d, [part]: { ...d[part], [lang]: value } }));

  return (
    <section aria-labelledby="messages-title">
      <h1 id="messages-title">{t('messages.title')}</h1>
      <ActionMessage message={outcome} />
      {mayAct && (
        <form className="card" onSubmit={submit} aria-label={t('messages.new')}>
          <h2>{t('messages.new')}</h2>
          <div className="field">
            <label htmlFor="message-audience">{t('messages.audience')}</label>
            <select
              id="message-audience"
              value={draft.audience}
              onChange={(event) => setDraft({ ...draft, audience: event.target.value as Draft['audience'] })}
            >
              <option value="all">{t('messages.audienceAll')}</option>
              <option value="members">{t('messages.audienceMembers')}</option>
            </select>
          </div>
          {draft.audience === 'members' && (
            <div className="field">
              <label htmlFor="message-usernames">{t('messages.usernames')}</label>
              <textarea
                id="message-usernames"
                rows={3}
                required
                value={draft.usernames}
                onChange={(event) => setDraft({ ...draft, usernames: event.target.value })}
              />
            </div>
          )}
          <div className="field">
            <label htmlFor="message-publish">{t('messages.publishAt')}</label>
            <input
              id="message-publish"
              type="datetime-local"
              value={draft.publishAt}
              onChange={(event) => setDraft({ ...draft, publishAt: event.target.value })}
            />
          </div>
          {LANGUAGES.map((lang) => (
            <fieldset key={lang}>
              <legend>{languageLabel(t, lang)}</legend>
              <div className="field">
                <label htmlFor={`message-title-${lang}`}>{t('messages.messageTitle')}</label>
                <input
                  id={`message-title-${lang}`}
                  maxLength={120}
                  required={lang === 'en'}
                  value={draft.title[lang]}
                  onChange={(event) => setText('title', lang, event.target.value)}
                />
              </div>
              <div className="field">
                <label htmlFor={`message-content-${lang}`}>{t('messages.content')}</label>
                <textarea
                  id={`message-content-${lang}`}
                  rows={4}
                  maxLength={20000}
                  required={lang === 'en'}
                  value={draft.content[lang]}
                  onChange={(event) => setText('content', lang, event.target.value)}
                />
              </div>
            </fieldset>
          ))}
          <p className="hint">{t('messages.hint')}</p>
          <button type="submit" disabled={send.isPending}>
            {draft.publishAt ? t('messages.schedule') : t('messages.send')}
          </button>
        </form>
      )}
      <div className="toolbar">
        <SelectField<MessageState>
          id="message-state"
          label={t('messages.state')}
          value={state}
          all={t('messages.allStates')}
          options={MESSAGE_STATES.map((s) => ({ value: s, label: stateLabel(t, s) }))}
          onChange={(next) => {
            setState(next);
            setPage(1);
          }}
        />
      </div>
      <QueryState loading={list.isPending} error={list.error} />
      {list.data && (
        <PagedTable
          headers={[
            t('messages.publishAt'),
            t('messages.messageTitle'),
            t('messages.audience'),
            t('messages.reads'),
            t('messages.state'),
            t('adjustments.actions'),
          ]}
          page={page}
          list={list.data}
          onPage={setPage}
        >
          {list.data.items.map((m) => (
            <tr key={m.id} data-testid={`bo-message-${m.id}`}>
              <td>{new Date(m.publishAt).toLocaleString()}</td>
              <td>{m.title.en}</td>
              <td>
                {m.audience === 'all'
                  ? t('messages.audienceAll')
                  : t('messages.recipients', { count: m.recipients })}
              </td>
              <td className="num">{m.reads}</td>
              <td>{stateLabel(t, m.state)}</td>
              <td>
                {mayAct && m.state !== 'withdrawn' && (
                  <RowAction disabled={withdraw.isPending} onClick={() => withdraw.mutate(m.id)}>
                    {t('messages.withdraw')}
                  </RowAction>
                )}
              </td>
            </tr>
          ))}
        </PagedTable>
      )}
    </section>
  );
}
