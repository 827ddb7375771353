import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { QueryError } from '../../../components/ui/QueryError.tsx';
import { SafeHtml } from '../../../components/ui/SafeHtml.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { useHelpCenter } from '../api/get-help-center.ts';
import './help.css';

/**
 * Help centre: categories and their articles on the left, the article named by `?page=<slug>`
 * (or the first one) on the right. The footer's static pages are help articles by slug.
 */
export function HelpCenterView({ basePath, aside }: { basePath: string; aside?: ReactNode }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const help = useHelpCenter();
  if (help.isPending) return <Spinner />;
  if (help.isError) return <QueryError error={help.error} onRetry={() => help.refetch()} />;

  const articles = help.data.categories.flatMap((category) => category.articles);
  const slug = params.get('page');
  const article =
    (slug ? articles.find((item) => item.slug === slug) : undefined) ?? (slug ? undefined : articles[0]);

  return (
    <div className="help">
      <nav className="help__nav" aria-label={t('help.categories')}>
        {help.data.categories.map((category) => (
          <section key={category.id} className="help__category">
            <h2 className="help__category-title">{category.title}</h2>
            <ul>
              {category.articles.map((item) => (
                <li key={item.id}>
                  <Link
                    className="help__link"
                    to={`${basePath}?page=${encodeURIComponent(item.slug)}`}
                    aria-current={item.id === article?.id ? 'page' : undefined}
                  >
                    {item.title}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
        {aside}
      </nav>
      <article className="help__article" aria-labelledby="help-article-title">
        {article ? (
          <>
            <h1 id="help-article-title" className="page__title">
              {article.title}
            </h1>
            <SafeHtml className="rich-text" html={article.content} />
          </>
        ) : (
          <EmptyState title={t('help.notFound')} />
        )}
      </article>
    </div>
  );
}
