import type { Generated } from 'kysely';
import type { Id } from '../../db/column-types.ts';

export interface HelpCategoriesTable {
  id: Id;
  brand_id: string;
  slug: string;
  title_en: string;
  title_ms: Generated<string>;
  title_cn: Generated<string>;
  sort_order: Generated<number>;
}

export interface HelpArticlesTable {
  id: Id;
  brand_id: string;
  category_id: string;
  slug: string;
  title_en: string;
  title_ms: Generated<string>;
  title_cn: Generated<string>;
  content_en: string;
  content_ms: Generated<string>;
  content_cn: Generated<string>;
  sort_order: Generated<number>;
}

/** The help domain's tables, merged into the Database type (db/schema.ts). */
export interface HelpTables {
  /** Created by migration 0001_foundation. */
  help_categories: HelpCategoriesTable;
  /** Created by migration 0001_foundation. */
  help_articles: HelpArticlesTable;
}
