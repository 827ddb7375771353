import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { i18n, initI18n, pickLanguage } from './lib/i18n.ts';
import './styles.css';

/**
 * Two pages on one HTML file: /play/<game> (the slot in the platform's iframe) and /verify (the
 * public verification page). Each is its own chunk; PixiJS and howler load with the game only.
 */
const GamePage = lazy(() => import('./game/GamePage.tsx'));
const VerifyPage = lazy(() => import('./verify/VerifyPage.tsx'));

const params = new URLSearchParams(window.location.search);
await initI18n(pickLanguage(params.get('lang')));

const game = /^\/play\/([a-z0-9-]{1,40})\/?$/.exec(window.location.pathname)?.[1];

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <Suspense fallback={<div className="loading" aria-busy="true" />}>
        {game ? <GamePage game={game} /> : <VerifyPage />}
      </Suspense>
    </I18nextProvider>
  </StrictMode>,
);
