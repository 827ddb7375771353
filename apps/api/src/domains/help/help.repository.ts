import type { Db } from '../../db/database.ts';
import type { LocalisedText } from '../../lib/localised.ts';
import { sanitizeRichText } from '../../lib/sanitize.ts';

export type HelpCategoryRow = { id: string; slug: string; title: LocalisedText };
export type HelpArticleRow = {
  id: string;
  categoryId: string;
  slug: string;
  title: LocalisedText;
  content: LocalisedText;
};

export async function listHelpCategories(db: Db, brandId: string): Promise<HelpCategoryRow[]> {
  const rows = await db
    .selectFrom('help_categories')
    .select(['id', 'slug', 'title_en', 'title_ms', 'title_cn'])
    .where('brand_id', '=', brandId)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    title: { en: r.title_en, ms: r.title_ms, cn: r.title_cn },
  }));
}

export async function listHelpArticles(db: Db, brandId: string): Promise<HelpArticleRow[]> {
  const rows = await db
    .selectFrom('help_articles')
    .select([
      'id',
      'category_id',
      'slug',
      'title_en',
      'title_ms',
      'title_cn',
      'content_en',
      'content_ms',
      'content_cn',
    ])
    .where('brand_id', '=', brandId)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    categoryId: r.category_id,
    slug: r.slug,
    title: { en: r.title_en, ms: r.title_ms, cn: r.title_cn },
    content: { en: r.content_en, ms: r.content_ms, cn: r.content_cn },
  }));
}

export type NewHelpCategory = {
  slug: string;
  title: LocalisedText;
  articles: { slug: string; title: LocalisedText; content: LocalisedText }[];
};

/** Writes categories and their articles; HTML is sanitised on the way in. */
export async function insertHelpContent(
  db: Db,
  brandId: string,
  categories: NewHelpCategory[],
): Promise<void> {
  for (const [ci, category] of categories.entries()) {
    const inserted = await db
      .insertInto('help_categories')
      .values({
        brand_id: brandId,
        slug: category.slug,
        title_en: category.title.en,
        title_ms: category.title.ms,
        title_cn: category.title.cn,
        sort_order: ci,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (category.articles.length === 0) continue;
    await db
      .insertInto('help_articles')
      .values(
        category.articles.map((a, ai) => ({
          brand_id: brandId,
          category_id: inserted.id,
          slug: a.slug,
          title_en: a.title.en,
          title_ms: a.title.ms,
          title_cn: a.title.cn,
          content_en: sanitizeRichText(a.content.en),
          content_ms: sanitizeRichText(a.content.ms),
          content_cn: sanitizeRichText(a.content.cn),
          sort_order: ai,
        })),
      )
      .execute();
  }
}

// ---- back office (issue 24) ----

export type StoredHelpCategory = HelpCategoryRow & { sortOrder: number };
export type StoredHelpArticle = HelpArticleRow & { sortOrder: number };

export async function listHelpForOperator(
  db: Db,
  brandId: string,
): Promise<{ categories: StoredHelpCategory[]; articles: StoredHelpArticle[] }> {
  const [categories, articles] = await Promise.all([
    db
      .selectFrom('help_categories')
      .select(['id', 'slug', 'title_en', 'title_ms', 'title_cn', 'sort_order'])
      .where('brand_id', '=', brandId)
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('help_articles')
      .select([
        'id',
        'category_id',
        'slug',
        'title_en',
        'title_ms',
        'title_cn',
        'content_en',
        'content_ms',
        'content_cn',
        'sort_order',
      ])
      .where('brand_id', '=', brandId)
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
  ]);
  return {
    categories: categories.map((r) => ({
      id: r.id,
      slug: r.slug,
      title: { en: r.title_en, ms: r.title_ms, cn: r.title_cn },
      sortOrder: r.sort_order,
    })),
    articles: articles.map((r) => ({
      id: r.id,
      categoryId: r.category_id,
      slug: r.slug,
      title: { en: r.title_en, ms: r.title_ms, cn: r.title_cn },
      content: { en: r.content_en, ms: r.content_ms, cn: r.content_cn },
      sortOrder: r.sort_order,
    })),
  };
}

export async function findHelpCategory(
  db: Db,
  brandId: string,
  id: string,
): Promise<StoredHelpCategory | null> {
  const r = await db
    .selectFrom('help_categories')
    .select(['id', 'slug', 'title_en', 'title_ms', 'title_cn', 'sort_order'])
    .where('brand_id', '=', brandId)
    .where('id', '=', id)
    .executeTakeFirst();
  return r
    ? {
        id: r.id,
        slug: r.slug,
        title: { en: r.title_en, ms: r.title_ms, cn: r.title_cn },
        sortOrder: r.sort_order,
      }
    : null;
}

export async function findHelpArticle(
  db: Db,
  brandId: string,
  id: string,
): Promise<StoredHelpArticle | null> {
  const r = await db
    .selectFrom('help_articles')
    .select([
      'id',
      'category_id',
      'slug',
      'title_en',
      'title_ms',
      'title_cn',
      'content_en',
      'content_ms',
      'content_cn',
      'sort_order',
    ])
    .where('brand_id', '=', brandId)
    .where('id', '=', id)
    .executeTakeFirst();
  return r
    ? {
        id: r.id,
        categoryId: r.category_id,
        slug: r.slug,
        title: { en: r.title_en, ms: r.title_ms, cn: r.title_cn },
        content: { en: r.content_en, ms: r.content_ms, cn: r.content_cn },
        sortOrder: r.sort_order,
      }
    : null;
}

export type HelpCategoryValues = { slug: string; title: LocalisedText; sortOrder: number };

export async function createHelpCategory(db: Db, brandId: string, v: HelpCategoryValues): Promise<string> {
  const row = await db
    .insertInto('help_categories')
    .values({
      brand_id: brandId,
      slug: v.slug,
      title_en: v.title.en,
      title_ms: v.title.ms,
      title_cn: v.title.cn,
      sort_order: v.sortOrder,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateHelpCategory(
  db: Db,
  brandId: string,
  id: string,
  v: HelpCategoryValues,
): Promise<boolean> {
  const result = await db
    .updateTable('help_categories')
    .set({
      slug: v.slug,
      title_en: v.title.en,
      title_ms: v.title.ms,
      title_cn: v.title.cn,
      sort_order: v.sortOrder,
    })
    .where('brand_id', '=', brandId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export type HelpArticleValues = {
  categoryId: string;
  slug: string;
  title: LocalisedText;
  content: LocalisedText;
  sortOrder: number;
};

function articleRow(v: HelpArticleValues) {
  return {
    category_id: v.categoryId,
    slug: v.slug,
    title_en: v.title.en,
    title_ms: v.title.ms,
    title_cn: v.title.cn,
    content_en: sanitizeRichText(v.content.en),
    content_ms: sanitizeRichText(v.content.ms),
    content_cn: sanitizeRichText(v.content.cn),
    sort_order: v.sortOrder,
  };
}

export async function createHelpArticle(db: Db, brandId: string, v: HelpArticleValues): Promise<string> {
  const row = await db
    .insertInto('help_articles')
    .values({ brand_id: brandId, ...articleRow(v) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateHelpArticle(
  db: Db,
  brandId: string,
  id: string,
  v: HelpArticleValues,
): Promise<boolean> {
  const result = await db
    .updateTable('help_articles')
    .set(articleRow(v))
    .where('brand_id', '=', brandId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function deleteHelpArticle(db: Db, brandId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('help_articles')
    .where('brand_id', '=', brandId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows === 1n;
}
