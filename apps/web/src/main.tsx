import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { captureInstallPrompt } from './features/download/lib/install-prompt.ts';
import { registerServiceWorker } from './features/download/lib/register-service-worker.ts';
import { installPreloadErrorReporting } from './lib/chunk-load.ts';
import { loadErrorCatalogue } from './lib/error-catalogue.ts';
import { initI18n, loadTexts } from './lib/i18n.ts';
import { resolveMerchant } from './lib/merchant.ts';
import { initTheme } from './lib/theme.ts';
import './styles/global.css';

// Before the first render: theme and language painted, merchant known, install offer captured.
initTheme();
const i18n = initI18n();
resolveMerchant();
captureInstallPrompt();
installPreloadErrorReporting();
registerServiceWorker();

// The remembered language's texts are in place before the first paint (no flash of EN).
await loadTexts(i18n.language).catch(() => undefined);

// Error texts are not needed to paint; fetch them once the browser is idle.
const whenIdle = window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 1500));
whenIdle(() => void loadErrorCatalogue());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
