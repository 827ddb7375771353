import { SYSTEM_STATUS } from '@lotus/contracts/system-values';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { HomePage } from './app/router.tsx';
import { noticesQueryOptions } from './features/announcements/api/get-notices.ts';
import { captureInstallPrompt } from './features/download/lib/install-prompt.ts';
import { registerServiceWorker } from './features/download/lib/register-service-worker.ts';
import { gameMenusQueryOptions } from './features/games/api/get-game-menus.ts';
import { HOME_PATHS } from './lib/boot-calls.ts';
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
// site and the status pages with it; boot.ts has already asked for it) and, on the home page, the
// home chunk: all three are on their way side by side while index.html shows its spinner.
const queryClient = createQueryClient();
const status = systemStatusQueryOptions();
const statusLoaded = merchant ? queryClient.prefetchQuery(status) : Promise.resolve();
const ready: Promise<unknown>[] = [loadTexts(i18n.language).catch(() => undefined), statusLoaded];
const home = HOME_PATHS.includes(window.location.pathname);
if (home) ready.push(HomePage.preload().catch(() => undefined));
// The header's and the home page's calls (started by boot.ts) go into the cache as soon as the
// status says the brand is open (in maintenance or a blocked region the site is not shown).
void statusLoaded.then(() => {
  if (queryClient.getQueryData(status.queryKey)?.systemStatus !== SYSTEM_STATUS.normal) return;
  void queryClient.prefetchQuery(gameMenusQueryOptions());
  if (home) void queryClient.prefetchQuery(noticesQueryOptions());
});

// Error texts are not needed to paint: they load when the visitor first interacts (or when a
// component shows one), so a visit that only looks does not download them.
const interactions = ['pointerdown', 'keydown'] as const;
const loadOnInteraction = () => {
  for (const type of interactions) window.removeEventListener(type, loadOnInteraction, true);
  void loadErrorCatalogue();
};
for (const type of interactions)
  window.addEventListener(type, loadOnInteraction, { capture: true, passive: true });

// The first render waits for all of it (no spinner, then page, then data: one paint of the page),
// and runs as a transition so React renders it in slices instead of one long task.
await Promise.all(ready);
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  ),
);
