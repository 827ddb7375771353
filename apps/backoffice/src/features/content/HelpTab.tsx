import {
  CONTENT_RULES,
  type ContentHelpArticle,
  type ContentHelpCategory,
  type HelpArticleBody,
  type HelpCategoryBody,
} from '@lotus/contracts/content';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionMessage, type ActionOutcome, failure } from '../../components/ActionMessage.tsx';
import { DataTable, RowAction } from '../../components/DataTable.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { boApi } from '../../lib/api.ts';
import { EMPTY_TEXTS, Preview, TextsFields } from './TextsFields.tsx';

type Draft = HelpArticleBody & { id: string | null };

const emptyDraft = (categoryId = ''): Draft => ({
  id: null,
  categoryId,
  slug: '',
  title: EMPTY_TEXTS,
  content: EMPTY_TEXTS,
  sortOrder: 0,
});

const draftOf = (a: ContentHelpArticle): Draft => ({ ...a });

type CategoryDraft = HelpCategoryBody & { id: string | null };

const categoryDraftOf = (c: ContentHelpCategory): CategoryDraft => ({
  id: c.id,
  slug: c.slug,
  title: c.title,
  sortOrder: c.sortOrder,
});

/** The help centre's categories (EN/MS/CN titles, order): the help page and its menu group pages by them. */
function HelpCategories({
  categories,
  mayEdit,
  onSaved,
}: {
  categories: ContentHelpCategory[];
  mayEdit: boolean;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<CategoryDraft | null>(null);
  const [outcome, setOutcome] = useState<ActionOutcome>(null);
  const save = useMutation({
    mutationFn: ({ id, ...body }: CategoryDraft) =>
      boApi<{ id: string }>(id ? `/bo/v1/content/help/categories/${id}` : '/bo/v1/content/help/categories', {
        method: id ? 'PUT' : 'POST',
        body,
      }),
    onSuccess: () => {
      setDraft(null);
      setOutcome({ ok: true, text: t('content.saved') });
      onSaved();
    },
    onError: (error) => setOutcome(failure(error)),
  });
  const set = (patch: Partial<CategoryDraft>) => setDraft((d) => (d ? { ...d, ...patch } : d));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft) save.mutate(draft);
  };
  return (
    <div>
      <h2>{t('content.helpCategories')}</h2>
      <ActionMessage message={outcome} />
      <DataTable
        headers={[
          t('content.titleLabel'),
          t('content.slug'),
          t('content.order'),
          mayEdit && t('content.actions'),
        ]}
      >
        {categories.map((c) => (
          <tr key={c.id} data-testid={`content-help-category-${c.slug}`}>
            <td className="wrap">{c.title.en}</td>
            <td className="wrap">{c.slug}</td>
            <td>{c.sortOrder}</td>
            {mayEdit && (
              <td>
                <RowAction onClick={() => setDraft(categoryDraftOf(c))}>{t('content.edit')}</RowAction>
              </td>
            )}
          </tr>
        ))}
      </DataTable>
      {mayEdit && !draft && (
        <button
          type="button"
          onClick={() => setDraft({ id: null, slug: '', title: EMPTY_TEXTS, sortOrder: categories.length })}
        >
          {t('content.newHelpCategory')}
        </button>
      )}
      {mayEdit && draft && (
        <form className="card" onSubmit={submit} aria-label={t('content.helpCategoryForm')}>
          <h3>{draft.id ? t('content.editHelpCategory', { id: draft.id }) : t('content.newHelpCategory')}</h3>
          <div className="field">
            <label htmlFor="help-category-slug">{t('content.slug')}</label>
            <input
              id="help-category-slug"
              required
              maxLength={60}
              pattern="[a-z0-9]+(-[a-z0-9]+)*"
              value={draft.slug}
              onChange={(e) => set({ slug: e.target.value.trim() })}
            />
          </div>
          <div className="field">
            <label htmlFor="help-category-order">{t('content.order')}</label>
            <input
              id="help-category-order"
              type="number"
              min={0}
              max={9999}
              value={draft.sortOrder}
              onChange={(e) => set({ sortOrder: Number(e.target.value) })}
            />
          </div>
          <TextsFields
            id="help-category-title"
            label={t('content.titleLabel')}
            value={draft.title}
            maxLength={CONTENT_RULES.titleMaxLength}
            onChange={(title) => set({ title })}
          />
          <div className="toolbar">
            <button type="submit" disabled={save.isPending}>
              {t('content.save')}
            </button>
            <button type="button" className="secondary" onClick={() => setDraft(null)}>
              {t('content.cancel')}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}

/** Help-centre pages (rich text, sanitised by the server) by category; the footer's help links lead to them. */
export function HelpTab({ mayEdit }: { mayEdit: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [outcome, setOutcome] = useState<ActionOutcome>(null);
  const centre = useQuery({
    queryKey: ['content', 'help'],
    queryFn: () => boApi<ContentHelpCategory[]>('/bo/v1/content/help'),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['content', 'help'] });
  const save = useMutation({
    mutationFn: ({ id, ...body }: Draft) =>
      boApi<ContentHelpArticle>(id ? `/bo/v1/content/help/articles/${id}` : '/bo/v1/content/help/articles', {
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
    mutationFn: (id: string) => boApi(`/bo/v1/content/help/articles/${id}`, { method: 'DELETE' }),
    onSuccess: () => {
      setDraft(null);
      setOutcome({ ok: true, text: t('content.deleted') });
      void refresh();
    },
    onError: (error) => setOutcome(failure(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft) save.mutate(draft);
  };
  const set = (patch: Partial<Draft>) => setDraft((d) => (d ? { ...d, ...patch } : d));
  const categories = centre.data ?? [];
  return (
    <div>
      <ActionMessage message={outcome} />
      <QueryState loading={centre.isPending} error={centre.error} />
      <h2>{t('content.helpPages')}</h2>
      {centre.data && (
        <DataTable
          headers={[
            t('content.category'),
            t('content.titleLabel'),
            t('content.slug'),
            mayEdit && t('content.actions'),
          ]}
        >
          {categories.flatMap((c) =>
            c.articles.map((a) => (
              <tr key={a.id} data-testid={`content-help-${a.slug}`}>
                <td className="wrap">{c.title.en}</td>
                <td className="wrap">{a.title.en}</td>
                <td className="wrap">{a.slug}</td>
                {mayEdit && (
                  <td>
                    <RowAction onClick={() => setDraft(draftOf(a))}>{t('content.edit')}</RowAction>
                  </td>
                )}
              </tr>
            )),
          )}
        </DataTable>
      )}
      {mayEdit && !draft && categories[0] && (
        <button type="button" onClick={() => setDraft(emptyDraft(categories[0]?.id))}>
          {t('content.newHelpPage')}
        </button>
      )}
      {mayEdit && draft && (
        <form className="card" onSubmit={submit} aria-label={t('content.helpForm')}>
          <h2>{draft.id ? t('content.editHelpPage', { id: draft.id }) : t('content.newHelpPage')}</h2>
          <div className="field">
            <label htmlFor="help-category">{t('content.category')}</label>
            <select
              id="help-category"
              value={draft.categoryId}
              onChange={(e) => set({ categoryId: e.target.value })}
            >
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.title.en}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="help-slug">{t('content.slug')}</label>
            <input
              id="help-slug"
              required
              maxLength={60}
              pattern="[a-z0-9]+(-[a-z0-9]+)*"
              value={draft.slug}
              onChange={(e) => set({ slug: e.target.value.trim() })}
            />
          </div>
          <div className="field">
            <label htmlFor="help-order">{t('content.order')}</label>
            <input
              id="help-order"
              type="number"
              min={0}
              max={9999}
              value={draft.sortOrder}
              onChange={(e) => set({ sortOrder: Number(e.target.value) })}
            />
          </div>
          <TextsFields
            id="help-title"
            label={t('content.titleLabel')}
            value={draft.title}
            maxLength={CONTENT_RULES.titleMaxLength}
            onChange={(title) => set({ title })}
          />
          <TextsFields
            id="help-content"
            label={t('content.body')}
            value={draft.content}
            multiline
            maxLength={CONTENT_RULES.contentMaxLength}
            onChange={(content) => set({ content })}
          />
          <Preview title={draft.title} html={draft.content} />
          <div className="toolbar">
            <button type="submit" disabled={save.isPending}>
              {t('content.save')}
            </button>
            <button type="button" className="secondary" onClick={() => setDraft(null)}>
              {t('content.cancel')}
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
      {centre.data && (
        <HelpCategories categories={categories} mayEdit={mayEdit} onSaved={() => void refresh()} />
      )}
    </div>
  );
}
