import {
  type AnnouncementBody,
  CONTENT_RULES,
  type ContentAnnouncement,
  type ContentTexts,
} from '@lotus/contracts/content';
import { ANNOUNCEMENT_TYPES, EXECUTIONS } from '@lotus/contracts/system';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionMessage, type ActionOutcome, failure } from '../../components/ActionMessage.tsx';
import { DataTable, RowAction } from '../../components/DataTable.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { boApi } from '../../lib/api.ts';
import { EMPTY_TEXTS, Preview, TextsFields } from './TextsFields.tsx';

type Draft = AnnouncementBody & { id: string | null };

const EMPTY: Draft = {
  id: null,
  type: 'PU',
  execution: 'B',
  promotionType: null,
  title: EMPTY_TEXTS,
  content: EMPTY_TEXTS,
  sortOrder: 0,
  active: true,
};

function draftOf(a: ContentAnnouncement): Draft {
  const { publishedAt: _publishedAt, ...rest } = a;
  return rest;
}

/** Announcements and notices: types B, PL, PU, PR, H; audiences A, B, F; the promotion link. */
export function AnnouncementsTab({ mayEdit }: { mayEdit: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [outcome, setOutcome] = useState<ActionOutcome>(null);
  const list = useQuery({
    queryKey: ['content', 'announcements'],
    queryFn: () => boApi<ContentAnnouncement[]>('/bo/v1/content/announcements'),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['content', 'announcements'] });
  const save = useMutation({
    mutationFn: ({ id, ...body }: Draft) =>
      boApi<ContentAnnouncement>(id ? `/bo/v1/content/announcements/${id}` : '/bo/v1/content/announcements', {
        method: id ? 'PUT' : 'POST',
        body,
      }),
    onSuccess: (saved) => {
      setDraft(draftOf(saved));
      setOutcome({ ok: true, text: t('content.saved') });
      void refresh();
    },
    onError: (error) => setOutcome(failure(error)),
  });
  const remove = useMutation({
    mutationFn: (id: string) => boApi(`/bo/v1/content/announcements/${id}`, { method: 'DELETE' }),
    onSuccess: () => {
      setDraft(EMPTY);
      setOutcome({ ok: true, text: t('content.deleted') });
      void refresh();
    },
    onError: (error) => setOutcome(failure(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(draft);
  };
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  return (
    <div>
      <ActionMessage message={outcome} />
      <QueryState loading={list.isPending} error={list.error} />
      {list.data && (
        <DataTable
          headers={[
            t('content.type'),
            t('content.audience'),
            t('content.titleLabel'),
            t('content.active'),
            mayEdit && t('content.actions'),
          ]}
        >
          {list.data.map((a) => (
            <tr key={a.id} data-testid={`content-announcement-${a.id}`}>
              <td>{t(`contentTypes.${a.type}`)}</td>
              <td>{t(`contentExecutions.${a.execution}`)}</td>
              <td className="wrap">{a.title.en}</td>
              <td>{a.active ? t('content.yes') : t('content.no')}</td>
              {mayEdit && (
                <td>
                  <RowAction onClick={() => setDraft(draftOf(a))}>{t('content.edit')}</RowAction>
                </td>
              )}
            </tr>
          ))}
        </DataTable>
      )}
      {mayEdit && (
        <form className="card" onSubmit={submit} aria-label={t('content.announcementForm')}>
          <h2>{draft.id ? t('content.editAnnouncement', { id: draft.id }) : t('content.newAnnouncement')}</h2>
          <div className="field">
            <label htmlFor="announcement-type">{t('content.type')}</label>
            <select
              id="announcement-type"
              value={draft.type}
              onChange={(e) => set({ type: e.target.value as Draft['type'] })}
            >
              {ANNOUNCEMENT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`contentTypes.${type}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="announcement-execution">{t('content.audience')}</label>
            <select
              id="announcement-execution"
              value={draft.execution}
              onChange={(e) => set({ execution: e.target.value as Draft['execution'] })}
            >
              {EXECUTIONS.map((execution) => (
                <option key={execution} value={execution}>
                  {t(`contentExecutions.${execution}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="announcement-promotion">{t('content.promotionLink')}</label>
            <input
              id="announcement-promotion"
              maxLength={40}
              pattern="[A-Za-z0-9_\-]{1,40}"
              value={draft.promotionType ?? ''}
              onChange={(e) =>
                set({ promotionType: e.target.value.trim() === '' ? null : e.target.value.trim() })
              }
            />
          </div>
          <div className="field">
            <label htmlFor="announcement-order">{t('content.order')}</label>
            <input
              id="announcement-order"
              type="number"
              min={0}
              max={9999}
              value={draft.sortOrder}
              onChange={(e) => set({ sortOrder: Number(e.target.value) })}
            />
          </div>
          <div className="field">
            <label>
              <input
                type="checkbox"
                checked={draft.active}
                onChange={(e) => set({ active: e.target.checked })}
              />{' '}
              {t('content.active')}
            </label>
          </div>
          <TextsFields
            id="announcement-title"
            label={t('content.titleLabel')}
            value={draft.title}
            maxLength={CONTENT_RULES.titleMaxLength}
            onChange={(title: ContentTexts) => set({ title })}
          />
          <TextsFields
            id="announcement-content"
            label={t('content.body')}
            value={draft.content}
            multiline
            maxLength={CONTENT_RULES.contentMaxLength}
            onChange={(content: ContentTexts) => set({ content })}
          />
          <Preview title={draft.title} html={draft.content} />
          <div className="toolbar">
            <button type="submit" disabled={save.isPending}>
              {t('content.save')}
            </button>
            <button type="button" className="secondary" onClick={() => setDraft(EMPTY)}>
              {t('content.new')}
            </button>
            {draft.id && (
              <button
                type="button"
                className="secondary"
                disabled={remove.isPending}
                onClick={() => draft.id && remove.mutate(draft.id)}
              >
                {t('content.delete')}
              </button>
            )}
          </div>
        </form>
      )}
    </div>
  );
}
