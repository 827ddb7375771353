import { useTranslation } from 'react-i18next';

type PaginationProps = {
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
  label: string;
};

/** Numbered pages around the current one (range 3, margin 1: spec §9), with previous/next. */
export function pageItems(page: number, pageCount: number, range = 3, margin = 1): Array<number | 'gap'> {
  const items: Array<number | 'gap'> = [];
  const half = Math.floor(range / 2);
  let start = Math.max(1, page - half);
  const end = Math.min(pageCount, start + range - 1);
  start = Math.max(1, end - range + 1);
  for (let p = 1; p <= Math.min(margin, pageCount); p++) items.push(p);
  if (start > margin + 1) items.push('gap');
  for (let p = Math.max(start, margin + 1); p <= end; p++) items.push(p);
  if (end < pageCount - margin) items.push('gap');
  for (let p = Math.max(end + 1, pageCount - margin + 1); p <= pageCount; p++) items.push(p);
  return items;
}

export function Pagination({ page, pageCount, onChange, label }: PaginationProps) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  return (
    <nav className="pagination" aria-label={label}>
      <button
        type="button"
        className="pagination__step"
        onClick={() => onChange(page - 1)}
        disabled={page <= 1}
        aria-label={t('common.previousPage')}
      >
        ‹
      </button>
      {pageItems(page, pageCount).map((item, index) =>
        item === 'gap' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
          <span key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={item}
            type="button"
            className="pagination__page"
            aria-current={item === page ? 'page' : undefined}
            aria-label={t('common.pageN', { page: item })}
            onClick={() => onChange(item)}
          >
            {item}
          </button>
        ),
      )}
      <button
        type="button"
        className="pagination__step"
        onClick={() => onChange(page + 1)}
        disabled={page >= pageCount}
        aria-label={t('common.nextPage')}
      >
        ›
      </button>
    </nav>
  );
}
