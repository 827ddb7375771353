import type { SupportedLanguage } from '@lotus/contracts/languages';
import type { HelpCenter } from '@lotus/contracts/system';
import type { Db } from '../../db/database.ts';
import { pickText } from '../../lib/localised.ts';
import { sanitizeRichText } from '../../lib/sanitize.ts';
import { listHelpArticles, listHelpCategories } from './help.repository.ts';

/** The brand's help centre in one language; HTML is sanitised again on the way out. */
export async function helpCenter(db: Db, brandId: string, language: SupportedLanguage): Promise<HelpCenter> {
  const [categories, articles] = await Promise.all([
    listHelpCategories(db, brandId),
    listHelpArticles(db, brandId),
  ]);
  return {
    categories: categories.map((c) => ({
      id: c.id,
      title: pickText(c.title, language),
      articles: articles
        .filter((a) => a.categoryId === c.id)
        .map((a) => ({
          id: a.id,
          slug: a.slug,
          title: pickText(a.title, language),
          content: sanitizeRichText(pickText(a.content, language)),
        })),
    })),
  };
}
