import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogueText } from '../../lib/api-error.ts';
import { ChunkLoadError } from '../../lib/chunk-load.ts';
import { useErrorCatalogue } from '../../lib/error-catalogue.ts';
import { logger } from '../../lib/logger.ts';

/** A page that failed: a chunk that did not load (reload helps) or any other fault. */
export function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  useErrorCatalogue();
  const chunk = error instanceof ChunkLoadError;
  const message = chunk ? catalogueText(error.kind) : catalogueText('system_error');
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

/** The error boundary of a route: what its page (or its chunk) throws shows RouteError instead. */
export class RouteBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    if (!(error instanceof ChunkLoadError)) logger.error('page failed', error);
  }

  override render() {
    return this.state.error ? <RouteError error={this.state.error} /> : this.props.children;
  }
}
