import { useTranslation } from 'react-i18next';

/** Loading and error lines of a query, announced to screen readers. */
export function QueryState({ loading, error }: { loading: boolean; error: unknown }) {
  const { t } = useTranslation();
  if (error) {
    return (
      <p role="alert" className="error">
        {error instanceof Error ? error.message : t('common.unexpectedError')}
      </p>
    );
  }
  if (loading) return <p aria-live="polite">{t('common.loading')}</p>;
  return null;
}
