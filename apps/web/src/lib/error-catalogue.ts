import { SUPPORTED_LANGUAGES } from '@lotus/contracts/languages';
import { use } from 'react';
import { i18n } from './i18n.ts';

/**
 * The shared error catalogue (@lotus/contracts errorMessages(), EN/MS/CN) becomes i18next's
 * `errors` namespace. It is its own chunk, fetched when the browser is idle after the first paint
 * or as soon as an error needs showing, so the home page does not wait for texts of failures.
 */
type Tracked = Promise<void> & { status?: 'pending' | 'fulfilled'; value?: undefined };

let loading: Tracked | null = null;

export function loadErrorCatalogue(): Promise<void> {
  if (!loading) {
    const promise: Tracked = import('@lotus/contracts/errors').then(
      ({ errorMessages }) => {
        for (const lang of SUPPORTED_LANGUAGES)
          i18n.addResourceBundle(lang, 'errors', errorMessages(lang), true, true);
      },
      () => {
        // Offline or a failed chunk: texts fall back to their codes, and the next call tries again.
        loading = null;
      },
    );
    // React's `use` reads these fields, so a loaded catalogue never suspends again.
    promise.status = 'pending';
    promise.then(() => {
      promise.status = 'fulfilled';
    });
    loading = promise;
  }
  return loading;
}

export function isCatalogueLoaded(): boolean {
  return loading?.status === 'fulfilled';
}

/** Suspends the calling component until the catalogue is in place (instant once loaded). */
export function useErrorCatalogue(): void {
  use(loadErrorCatalogue());
}
