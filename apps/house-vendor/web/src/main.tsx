import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { i18n, initI18n, pickLanguage } from './lib/i18n.ts';
import './styles.css';

/**
 * Pages on one HTML file: /play/<game> (the slot, or a live table for a `live-` id, in the platform's
 * iframe) and /verify (the public verification page). Each is its own chunk; PixiJS and howler load with the game only.
 */
const GamePage = lazy(() => import('./game/GamePage.tsx'));
const VerifyPage = lazy(() => import('./verify/VerifyPage.tsx'));
/** Live tables (`/play/live-...`): their own chunk (Socket.IO client, the table's PixiJS view). */
const LivePage = lazy(() => import('./live/LivePage.tsx'));
const LiveVerifyPage = lazy(() => import('./live/LiveVerifyPage.tsx'));
const isLiveTableId = (id: string) => /^live-[a-z0-9-]{1,34}$/.test(id);

const params = new URLSearchParams(window.location.search);
await initI18n(pickLanguage(params.get('lang')));

const game = /^\/play\/([a-z0-9-]{1,40})\/?$/.exec(window.location.pathname)?.[1];
/**
 * A live round: `?live=<round or seat id>`, or the platform's verify link of any round
 * (`?round=<id>&game=<game>`, its vendor verify URL) when the game is a live table.
 */
const verifyGame = params.get('game');
const liveRound =
  params.get('live') ?? (verifyGame && isLiveTableId(verifyGame) ? params.get('round') : null);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <Suspense fallback={<div className="loading" aria-busy="true" />}>
        {game && isLiveTableId(game) ? (
          <LivePage table={game} />
        ) : game ? (
          <GamePage game={game} />
        ) : liveRound ? (
          <LiveVerifyPage id={liveRound} />
        ) : (
          <VerifyPage />
        )}
      </Suspense>
    </I18nextProvider>
  </StrictMode>,
);
