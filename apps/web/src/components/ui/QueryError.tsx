import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/api-error.ts';
import { useErrorCatalogue } from '../../lib/error-catalogue.ts';

/** A failed query: the catalogue text of its error and a retry button. */
export function QueryError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  useErrorCatalogue();
  return (
    <div className="query-error" role="alert">
      <p>{errorText(error)}</p>
      {onRetry ? (
        <button type="button" className="button button--ghost" onClick={onRetry}>
          {t('common.retry')}
        </button>
      ) : null}
    </div>
  );
}
