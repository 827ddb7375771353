import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { HOME_PATHS, HomePage } from './app/router.tsx';
import { captureInstallPrompt } from './features/download/lib/install-prompt.ts';
import { registerServiceWorker } from './features/download/lib/register-service-worker.ts';
import { installPreloadErrorReporting } from './lib/chunk-load.ts';
import { loadErrorCatalogue } from './lib/error-catalogue.ts';
import { initI18n, loadTexts } from './lib/i18n.ts';
import { resolveMerchant } from './lib/merchant.ts';
import { createQueryClient } from './lib/query-client.ts';
import { systemStatusQueryOptions } from './lib/system-status.ts';
import { initTheme } from './lib/theme.ts';
import './styles/global.css';

// Before the first render: theme and language painted, merchant known, install offer captured.
initTheme();
const i18n = initI18n();
const merchant = resolveMerchant();
captureInstallPrompt();
installPreloadErrorReporting();
registerServiceWorker();

// The first screen needs the language's texts, the brand's status (RootGate decides between the
// site and the status pages with it) and, on the home page, the home chunk: all three are fetched
// side by side now, not one after another.
const queryClient = createQueryClient();
if (merchant) void queryClient.prefetchQuery(systemStatusQueryOptions());
if (HOME_PATHS.includes(window.location.pathname)) void HomePage.preload().catch(() => undefined);

// The remembered language's texts are in place before the first paint (no flash of EN).
await loadTexts(i18n.language).catch(() => undefined);

// Error texts are not needed to paint: they load when the visitor first interacts (or when a
// component shows one), so a visit that only looks does not download them.
const interactions = ['pointerdown', 'keydown'] as const;
const loadOnInteraction = () => {
  for (const type of interactions) window.removeEventListener(type, loadOnInteraction, true);
  void loadErrorCatalogue();
};
for (const type of interactions)
  window.addEventListener(type, loadOnInteraction, { capture: true, passive: true });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
);
