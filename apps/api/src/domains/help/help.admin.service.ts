import type {
  ContentHelpArticle,
  ContentHelpCategory,
  HelpArticleBody,
  HelpCategoryBody,
} from '@lotus/contracts/content';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../http/app-error.ts';
import { invalidateDbCaches } from '../../lib/db-cache.ts';
import { type AuditOperator, auditChange } from '../operators/audit.service.ts';
import {
  createHelpArticle,
  createHelpCategory,
  deleteHelpArticle,
  findHelpArticle,
  findHelpCategory,
  listHelpForOperator,
  type StoredHelpArticle,
  updateHelpArticle,
  updateHelpCategory,
} from './help.repository.ts';

/**
 * The back office's help centre (issue 24): categories and their pages, EN/MS/CN, rich text
 * sanitised on the way in (and again when served). Every change commits with its audit row.
 */
const trimmed = (t: { en: string; ms: string; cn: string }) => ({
  en: t.en.trim(),
  ms: t.ms.trim(),
  cn: t.cn.trim(),
});

function requireEnglish(field: string, value: string) {
  if (value.trim() === '') {
    throw new AppError('request_param_err', { fieldErrors: { [`${field}.en`]: 'errors.request_param_err' } });
  }
}

const articleView = (a: StoredHelpArticle): ContentHelpArticle => ({ ...a });

/** A slug taken by another row of the brand is content_slug_taken (the unique index decides). */
async function slugChecked<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('content_slug_taken');
    throw error;
  }
}

export async function helpForOperator(db: Db, brandId: string): Promise<ContentHelpCategory[]> {
  const { categories, articles } = await listHelpForOperator(db, brandId);
  return categories.map((c) => ({
    ...c,
    articles: articles.filter((a) => a.categoryId === c.id).map(articleView),
  }));
}

export async function addHelpCategory(
  db: Db,
  operator: AuditOperator,
  body: HelpCategoryBody,
): Promise<{ id: string }> {
  requireEnglish('title', body.title.en);
  const values = { slug: body.slug, title: trimmed(body.title), sortOrder: body.sortOrder };
  const id = await slugChecked(() =>
    db.transaction().execute(async (trx) => {
      const id = await createHelpCategory(trx, operator.brandId, values);
      await auditChange(
        trx,
        operator,
        'content.help_category.create',
        { type: 'help_category', id },
        null,
        values,
      );
      return id;
    }),
  );
  await invalidateDbCaches(db);
  return { id };
}

export async function changeHelpCategory(
  db: Db,
  operator: AuditOperator,
  id: string,
  body: HelpCategoryBody,
): Promise<{ id: string }> {
  requireEnglish('title', body.title.en);
  const values = { slug: body.slug, title: trimmed(body.title), sortOrder: body.sortOrder };
  await slugChecked(() =>
    db.transaction().execute(async (trx) => {
      const before = await findHelpCategory(trx, operator.brandId, id);
      if (!before || !(await updateHelpCategory(trx, operator.brandId, id, values))) {
        throw new AppError('content_not_found');
      }
      await auditChange(
        trx,
        operator,
        'content.help_category.update',
        { type: 'help_category', id },
        before,
        values,
      );
    }),
  );
  await invalidateDbCaches(db);
  return { id };
}

async function articleValues(db: Db, brandId: string, body: HelpArticleBody) {
  requireEnglish('title', body.title.en);
  requireEnglish('content', body.content.en);
  // The category must be one of this brand's: another brand's id is not found.
  if (!(await findHelpCategory(db, brandId, body.categoryId))) throw new AppError('content_not_found');
  return {
    categoryId: body.categoryId,
    slug: body.slug,
    title: trimmed(body.title),
    content: body.content,
    sortOrder: body.sortOrder,
  };
}

export async function addHelpArticle(
  db: Db,
  operator: AuditOperator,
  body: HelpArticleBody,
): Promise<ContentHelpArticle> {
  const created = await slugChecked(() =>
    db.transaction().execute(async (trx) => {
      const values = await articleValues(trx, operator.brandId, body);
      const id = await createHelpArticle(trx, operator.brandId, values);
      const stored = await findHelpArticle(trx, operator.brandId, id);
      if (!stored) throw new AppError('content_not_found');
      await auditChange(
        trx,
        operator,
        'content.help_article.create',
        { type: 'help_article', id },
        null,
        stored,
      );
      return articleView(stored);
    }),
  );
  await invalidateDbCaches(db);
  return created;
}

export async function changeHelpArticle(
  db: Db,
  operator: AuditOperator,
  id: string,
  body: HelpArticleBody,
): Promise<ContentHelpArticle> {
  const changed = await slugChecked(() =>
    db.transaction().execute(async (trx) => {
      const before = await findHelpArticle(trx, operator.brandId, id);
      if (!before) throw new AppError('content_not_found');
      const values = await articleValues(trx, operator.brandId, body);
      if (!(await updateHelpArticle(trx, operator.brandId, id, values)))
        throw new AppError('content_not_found');
      const after = await findHelpArticle(trx, operator.brandId, id);
      if (!after) throw new AppError('content_not_found');
      await auditChange(
        trx,
        operator,
        'content.help_article.update',
        { type: 'help_article', id },
        before,
        after,
      );
      return articleView(after);
    }),
  );
  await invalidateDbCaches(db);
  return changed;
}

export async function removeHelpArticle(
  db: Db,
  operator: AuditOperator,
  id: string,
): Promise<{ id: string }> {
  await db.transaction().execute(async (trx) => {
    const before = await findHelpArticle(trx, operator.brandId, id);
    if (!before || !(await deleteHelpArticle(trx, operator.brandId, id)))
      throw new AppError('content_not_found');
    await auditChange(
      trx,
      operator,
      'content.help_article.delete',
      { type: 'help_article', id },
      before,
      null,
    );
  });
  await invalidateDbCaches(db);
  return { id };
}
