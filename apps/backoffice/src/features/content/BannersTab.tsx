import { BANNER_GROUPS, type BannerBody, CONTENT_RULES, type ContentBanner } from '@lotus/contracts/content';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionMessage, type ActionOutcome, failure } from '../../components/ActionMessage.tsx';
import { DataTable, RowAction } from '../../components/DataTable.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { boApi } from '../../lib/api.ts';
import { EMPTY_TEXTS, Preview, TextsFields } from './TextsFields.tsx';

type Draft = BannerBody & { id: string | null };

const EMPTY: Draft = {
  id: null,
  group: 'home',
  imageUrl: '',
  link: '',
  title: EMPTY_TEXTS,
  sortOrder: 0,
  active: true,
};

/** Banners by group: home (the carousel) and w_reg (the login and register modals). */
export function BannersTab({ mayEdit }: { mayEdit: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [outcome, setOutcome] = useState<ActionOutcome>(null);
  const list = useQuery({
    queryKey: ['content', 'banners'],
    queryFn: () => boApi<ContentBanner[]>('/bo/v1/content/banners'),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['content', 'banners'] });
  const save = useMutation({
    mutationFn: ({ id, ...body }: Draft) =>
      boApi<ContentBanner>(id ? `/bo/v1/content/banners/${id}` : '/bo/v1/content/banners', {
        method: id ? 'PUT' : 'POST',
        body,
      }),
    onSuccess: (saved) => {
      setDraft(saved);
      setOutcome({ ok: true, text: t('content.saved') });
      void refresh();
    },
    onError: (error) => setOutcome(failure(error)),
  });
  const remove = useMutation({
    mutationFn: (id: string) => boApi(`/bo/v1/content/banners/${id}`, { method: 'DELETE' }),
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
            t('content.group'),
            t('content.titleLabel'),
            t('content.image'),
            t('content.active'),
            mayEdit && t('content.actions'),
          ]}
        >
          {list.data.map((b) => (
            <tr key={b.id} data-testid={`content-banner-${b.id}`}>
              <td>{t(`contentGroups.${b.group}`)}</td>
              <td className="wrap">{b.title.en}</td>
              <td className="wrap">{b.imageUrl}</td>
              <td>{b.active ? t('content.yes') : t('content.no')}</td>
              {mayEdit && (
                <td>
                  <RowAction onClick={() => setDraft(b)}>{t('content.edit')}</RowAction>
                </td>
              )}
            </tr>
          ))}
        </DataTable>
      )}
      {mayEdit && (
        <form className="card" onSubmit={submit} aria-label={t('content.bannerForm')}>
          <h2>{draft.id ? t('content.editBanner', { id: draft.id }) : t('content.newBanner')}</h2>
          <div className="field">
            <label htmlFor="banner-group">{t('content.group')}</label>
            <select
              id="banner-group"
              value={draft.group}
              onChange={(e) => set({ group: e.target.value as Draft['group'] })}
            >
              {BANNER_GROUPS.map((group) => (
                <option key={group} value={group}>
                  {t(`contentGroups.${group}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="banner-image">{t('content.image')}</label>
            <input
              id="banner-image"
              required
              maxLength={CONTENT_RULES.urlMaxLength}
              value={draft.imageUrl}
              onChange={(e) => set({ imageUrl: e.target.value.trim() })}
            />
          </div>
          <div className="field">
            <label htmlFor="banner-link">{t('content.link')}</label>
            <input
              id="banner-link"
              maxLength={CONTENT_RULES.urlMaxLength}
              value={draft.link}
              onChange={(e) => set({ link: e.target.value.trim() })}
            />
          </div>
          <div className="field">
            <label htmlFor="banner-order">{t('content.order')}</label>
            <input
              id="banner-order"
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
            id="banner-title"
            label={t('content.titleLabel')}
            value={draft.title}
            maxLength={CONTENT_RULES.titleMaxLength}
            onChange={(title) => set({ title })}
          />
          {draft.imageUrl && <img className="content-banner-preview" src={draft.imageUrl} alt="" />}
          <Preview title={draft.title} />
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
