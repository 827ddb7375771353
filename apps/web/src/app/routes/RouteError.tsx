import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { catalogueText } from '../../lib/api-error.ts';
import { ChunkLoadError } from '../../lib/chunk-load.ts';
import { useErrorCatalogue } from '../../lib/error-catalogue.ts';
import { logger } from '../../lib/logger.ts';

/** A page that failed: a chunk that did not load (reload helps) or any other fault. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  useErrorCatalogue();
  const chunk = error instanceof ChunkLoadError;
  if (!chunk) logger.error('page failed', error);
  const message = chunk
    ? catalogueText(error.kind)
    : isRouteErrorResponse(error) && error.status === 404
      ? catalogueText('not_found')
      : catalogueText('system_error');
  return (
    <section
      className="page route-error"
      role="alert"
      data-testid={chunk ? 'chunk-load-error' : 'route-error'}
    >
      <p className="route-error__message">{message}</p>
      <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
        {t('common.reload')}
      </button>
    </section>
  );
}
