import { useTranslation } from 'react-i18next';
import { catalogueText } from '../../lib/api-error.ts';
import { clearLoadFailure, type LoadFailure, useLoadFailure } from '../../lib/chunk-load.ts';
import { useErrorCatalogue } from '../../lib/error-catalogue.ts';

/**
 * Shown when a script chunk or stylesheet failed to load, or a page is slow to open (spec §8);
 * reloading fetches fresh files.
 */
export function LoadFailureBanner() {
  const { t } = useTranslation();
  const failure = useLoadFailure();
  if (!failure) return null;
  return (
    <LoadFailureMessage
      failure={failure}
      onReloadLabel={t('common.reload')}
      onDismissLabel={t('common.dismiss')}
    />
  );
}

function LoadFailureMessage({
  failure,
  onReloadLabel,
  onDismissLabel,
}: {
  failure: LoadFailure;
  onReloadLabel: string;
  onDismissLabel: string;
}) {
  useErrorCatalogue();
  return (
    <div className="load-failure" role="alert" data-testid="load-failure">
      <p>{catalogueText(failure)}</p>
      <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
        {onReloadLabel}
      </button>
      <button type="button" className="button button--ghost" onClick={clearLoadFailure}>
        {onDismissLabel}
      </button>
    </div>
  );
}
