import { isPlatformMessage } from '@lotus/contracts/game-launch';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GAMES } from '../../../src/slots/games/index.ts';
import type { SpinResult } from '../../../src/slots/round.ts';
import type { GameDef } from '../../../src/slots/types.ts';
import { LobbyButton, tellPlatform } from '../components/LobbyButton.tsx';
import {
  ApiError,
  api,
  type Fairness,
  type FreeRoundOffer,
  type GameState,
  type RoundView,
} from '../lib/api.ts';
import { callFailureText, sessionFailureText } from '../lib/http.ts';
import { formatMinor, labelledMoney } from '../lib/money.ts';
import { type AutoplaySettings, type AutoplayStop, autoplayStop } from './autoplay.ts';
import { reelsSize } from './layout.ts';
import { AutoplayDialog, FairnessPanel, History, Paytable, Rules } from './panels.tsx';
import type { ReelsView } from './reels.ts';
import { GameSound } from './sound.ts';

/** The platform refused the stake by the player's own limit (docs/limits.md): said in words. */
function isLimitRefusal(code: string | null): boolean {
  return !!code && (code === 'stake_refused' || /^limit_(loss|wager)_(day|week|month)$/.test(code));
}

/**
 * The slot game in the platform's iframe. It exchanges the launch token of its URL for the vendor's
 * own session (then drops the token from the address bar), plays rounds through the vendor server
 * (which alone talks to the wallet), animates each round's stops and wins, and tells the parent
 * window when to refresh the balance or show its deposit prompt (game-launch.ts messages).
 */

type Panel = 'paytable' | 'rules' | 'history' | 'fairness' | 'autoplay' | null;

const storageKey = (game: string) => `house-vendor:${game}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function remember(game: string, token: string) {
  try {
    sessionStorage.setItem(storageKey(game), token);
  } catch {
    // Storage blocked in this frame: the session lasts as long as the page.
  }
}

function recall(game: string): string | null {
  try {
    return sessionStorage.getItem(storageKey(game));
  } catch {
    return null;
  }
}

/** One exchange per page load, whatever React does with effects. */
let booting: Promise<{ token: string; state: GameState }> | null = null;

function boot(game: string) {
  booting ??= (async () => {
    const params = new URLSearchParams(window.location.search);
    const launchToken = params.get('launch');
    const merchant = params.get('merchant');
    if (launchToken && merchant) {
      params.delete('launch');
      const query = params.toString();
      window.history.replaceState(null, '', `${window.location.pathname}${query ? `?${query}` : ''}`);
      const answer = await api.openSession({ merchant, launchToken, game });
      remember(game, answer.token);
      return { token: answer.token, state: answer };
    }
    const token = recall(game);
    if (!token) throw new ApiError('session_invalid', 401);
    return { token, state: await api.state(token) };
  })();
  return booting;
}

function describeScreen(
  t: (key: string, options?: Record<string, unknown>) => string,
  game: GameDef,
  spin: SpinResult,
) {
  return spin.screen
    .map((column, reel) =>
      t('game.reelContents', {
        reel: reel + 1,
        symbols: column.map((id) => t(`symbols.${game.id}.${id}`)).join(', '),
      }),
    )
    .join('; ');
}

export default function GamePage({ game: gameId }: { game: string }) {
  const { t, i18n } = useTranslation();
  const game = useMemo(() => GAMES.find((g) => g.id === gameId), [gameId]);
  const [token, setToken] = useState<string | null>(null);
  const [state, setState] = useState<GameState | null>(null);
  const [fatal, setFatal] = useState<string | null>(null);
  const [balance, setBalance] = useState<bigint | null>(null);
  const [fairness, setFairness] = useState<Fairness | null>(null);
  const [coinIndex, setCoinIndex] = useState(0);
  const [busy, setBusy] = useState(false);
  const [turbo, setTurbo] = useState(false);
  const [soundOn, setSoundOn] = useState(true);
  const [panel, setPanel] = useState<Panel>(null);
  const [message, setMessage] = useState<{ text: string; deposit?: boolean } | null>(null);
  const [lastWin, setLastWin] = useState<bigint | null>(null);
  const [bigWin, setBigWin] = useState(false);
  const [freeSpin, setFreeSpin] = useState<{ n: number; total: number; multiplier: number } | null>(null);
  const [autoLeft, setAutoLeft] = useState<number | null>(null);
  const [offers, setOffers] = useState<FreeRoundOffer[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const reelsHost = useRef<HTMLDivElement>(null);
  const reels = useRef<ReelsView | null>(null);
  const lastStops = useRef<readonly number[] | null>(null);
  const sound = useRef(new GameSound(true));
  const live = useRef({ turbo: false, coinValue: 0, busy: false, stopAuto: false, paused: false });

  // The platform's reality check (player protection): autoplay waits at its next round boundary
  // until the member acknowledged it. Only the platform's page (the parent window) may say so.
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.source !== window.parent || window.parent === window || !isPlatformMessage(event.data))
        return;
      live.current.paused = event.data.type === 'pause';
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  const coinValue = game?.coinValues[coinIndex] ?? 0;
  live.current.turbo = turbo;
  live.current.coinValue = coinValue;
  sound.current.enabled = soundOn;

  useEffect(() => {
    if (!game) {
      setFatal(t('errors.game_unknown'));
      return;
    }
    boot(game.id).then(
      ({ token: sessionToken, state: first }) => {
        setToken(sessionToken);
        setState(first);
        setFairness(first.fairness);
        setOffers(first.freeRounds ?? []);
        setBalance(first.balance === null ? null : BigInt(first.balance));
        if (
          first.session.language !== i18n.language &&
          !new URLSearchParams(window.location.search).get('lang')
        )
          void i18n.changeLanguage(first.session.language);
      },
      (error: unknown) => setFatal(sessionFailureText(t, error)),
    );
  }, [game, t, i18n]);

  const ready = state !== null;
  const graphicsError = useRef('');
  graphicsError.current = t('errors.graphics');
  useEffect(() => {
    if (!game || !ready || !reelsHost.current) return;
    let cancelled = false;
    const host = reelsHost.current;
    import('./reels.ts')
      .then(({ ReelsView: View }) => View.create(host, game))
      .then((view) => {
        if (cancelled) {
          view.destroy();
          return;
        }
        reels.current = view;
        view.show(lastStops.current ?? game.strips.map(() => 0));
      })
      .catch(() => {
        if (!cancelled) setMessage({ text: graphicsError.current });
      });
    return () => {
      cancelled = true;
      reels.current?.destroy();
      reels.current = null;
    };
  }, [game, ready]);

  const scale = state?.session.scale ?? 2;
  const money = useCallback((minor: bigint | string) => formatMinor(minor, scale), [scale]);

  /** Asks again while the wallet has not decided (the server's recovery job finishes the round). */
  const settle = useCallback(async (sessionToken: string, round: RoundView): Promise<RoundView> => {
    let current = round;
    for (let i = 0; i < 15 && current.status === 'pending'; i += 1) {
      await sleep(1_500);
      current = await api.round(sessionToken, current.id).catch(() => current);
    }
    return current;
  }, []);

  /** A spin; `free`: one of the platform's free rounds (its grant, at its stake: nothing is debited). */
  const play = useCallback(
    async (free?: FreeRoundOffer): Promise<RoundView | null> => {
      if (!game || !token || !state || live.current.busy) return null;
      const freeCoin = free ? Number(BigInt(free.stake) / BigInt(game.costCoins)) : null;
      if (free && (freeCoin === null || !game.coinValues.includes(freeCoin))) return null;
      live.current.busy = true;
      setBusy(true);
      setMessage(null);
      setLastWin(null);
      setBigWin(false);
      const fast = live.current.turbo;
      const coin = freeCoin ?? live.current.coinValue;
      // A free spin costs the player nothing.
      const stake = free ? 0n : BigInt(coin) * BigInt(game.costCoins);
      sound.current.play('spin');
      reels.current?.spin();
      setBalance((b) => (b !== null && b >= stake ? b - stake : b));
      const requestId = crypto.randomUUID();
      let round: RoundView | null = null;
      for (let attempt = 0; attempt < 3 && round === null; attempt += 1) {
        try {
          round = await api.spin(token, requestId, coin, free?.grantId);
        } catch (error) {
          // A lost answer: the same request id answers the same round, never a second one.
          if (
            !(error instanceof ApiError) ||
            (error.code !== 'network' && error.status < 500) ||
            attempt === 2
          ) {
            setMessage({ text: callFailureText(t, error) });
            break;
          }
          await sleep(600);
        }
      }
      if (round?.status === 'pending') {
        setMessage({ text: t('game.pending') });
        round = await settle(token, round);
      }
      if (free) {
        // The server counts what is left of each grant (the platform decides every spin).
        void api.state(token).then(
          (fresh) => setOffers(fresh.freeRounds ?? []),
          () => {},
        );
      }
      const restStops = lastStops.current ?? game.strips.map(() => 0);
      if (round?.status !== 'settled' || !round.outcome) {
        await reels.current?.land(restStops, true, () => {});
        if (round?.balance) setBalance(BigInt(round.balance));
        else if (round === null || round.status !== 'pending')
          setBalance((b) => (b === null ? b : b + stake));
        if (round?.status === 'refused') {
          const broke = round.errorCode === 'insufficient_balance';
          if (broke && state.session.mode !== 'free') tellPlatform('deposit');
          setMessage({
            text: broke
              ? state.session.mode === 'free'
                ? t('game.noPlayMoney')
                : t('game.insufficient')
              : round.errorCode === 'vendor_session_invalid'
                ? t('errors.session_invalid')
                : t('game.refused'),
            deposit: broke && state.session.mode !== 'free',
          });
        } else if (round?.errorCode === 'vendor_session_invalid')
          setMessage({ text: t('errors.session_invalid') });
        else if (round && isLimitRefusal(round.errorCode)) setMessage({ text: t('game.limitRefused') });
        else if (round?.errorCode === 'free_round_invalid') setMessage({ text: t('game.freeRoundRefused') });
        else if (round?.status === 'cancelled') setMessage({ text: t('game.cancelled') });
        else if (round?.status === 'pending') setMessage({ text: t('game.stillPending') });
        else if (round?.status === 'failed') setMessage({ text: t('game.failed') });
        live.current.busy = false;
        setBusy(false);
        return round;
      }
      const spins = round.outcome.spins;
      for (const [index, spin] of spins.entries()) {
        if (index > 0) {
          setFreeSpin({ n: index, total: spins.length - 1, multiplier: spin.multiplier });
          reels.current?.spin();
          await sleep(fast ? 120 : 450);
        }
        await reels.current?.land(spin.stops, fast, () => sound.current.play('stop'));
        lastStops.current = spin.stops;
        reels.current?.showWins(spin);
        setAnnouncement(describeScreen(t, game, spin));
        if (spin.coins > 0 || spin.awarded > 0) {
          sound.current.play('win');
          await sleep(fast ? 250 : 900);
        }
      }
      setFreeSpin(null);
      const payout = BigInt(round.payout ?? '0');
      setLastWin(payout);
      if (payout >= stake * 10n) {
        setBigWin(true);
        sound.current.play('bigWin');
      }
      setAnnouncement(payout > 0n ? t('game.youWon', { amount: money(payout) }) : t('game.noWin'));
      if (round.balance !== null) setBalance(BigInt(round.balance));
      setFairness((f) => (f ? { ...f, nonce: Math.max(f.nonce, round.nonce + 1) } : f));
      if (state.session.mode !== 'free') tellPlatform('balance');
      live.current.busy = false;
      setBusy(false);
      return round;
    },
    [game, token, state, settle, t, money],
  );

  const stopReasons: Record<AutoplayStop, string> = {
    count: t('autoplay.doneCount'),
    win: t('autoplay.doneWin'),
    balance: t('autoplay.doneBalance'),
    round: t('autoplay.doneRound'),
  };

  async function runAutoplay(settings: AutoplaySettings) {
    setPanel(null);
    live.current.stopAuto = false;
    setAutoLeft(settings.count);
    let played = 0;
    while (!live.current.stopAuto) {
      while (live.current.paused && !live.current.stopAuto) await sleep(250);
      if (live.current.stopAuto) break;
      const round = await play();
      played += 1;
      setAutoLeft(settings.count - played);
      if (!round) break;
      const reason = autoplayStop(settings, played, {
        status: round.status,
        payout: round.payout === null ? null : BigInt(round.payout),
        balance: round.balance === null ? null : BigInt(round.balance),
      });
      if (reason) {
        if (reason !== 'round') setMessage({ text: stopReasons[reason] });
        break;
      }
      await sleep(live.current.turbo ? 150 : 500);
    }
    setAutoLeft(null);
  }

  if (fatal) {
    return (
      <main className="page center">
        <p role="alert" className="fatal">
          {fatal}
        </p>
        <LobbyButton primary />
      </main>
    );
  }
  if (!game || !state || !token || !fairness) {
    return (
      <main className="page center" aria-busy="true">
        <p>{t('common.loading')}</p>
      </main>
    );
  }

  const mode = state.session.mode;
  const stake = BigInt(coinValue) * BigInt(game.costCoins);
  const autoplaying = autoLeft !== null;

  return (
    <main className={`page game game-${game.id}`}>
      <header className="topbar">
        <LobbyButton />
        <h1>{t(`games.${game.id}`)}</h1>
        <div className="balance" aria-live="polite">
          {mode === 'free' && <span className="badge free">{t('mode.free')}</span>}
          {mode === 'demo' && <span className="badge demo">{t('mode.demo')}</span>}
          <span className="label">{mode === 'free' ? t('game.playMoney') : t('game.balance')}</span>
          <strong>
            {balance === null
              ? '—'
              : mode === 'free'
                ? money(balance)
                : labelledMoney(money(balance), state.session)}
          </strong>
        </div>
      </header>

      <section className="stage" aria-label={t('game.reels')}>
        <div
          className="reels"
          ref={reelsHost}
          style={{ aspectRatio: `${reelsSize(game).width} / ${reelsSize(game).height}` }}
        />
        {freeSpin && (
          <div className="free-spins" role="status">
            {t('game.freeSpin', { n: freeSpin.n, total: freeSpin.total, multiplier: freeSpin.multiplier })}
          </div>
        )}
        <div className={bigWin ? 'win-banner big' : 'win-banner'} aria-live="polite">
          {lastWin !== null && lastWin > 0n
            ? `${bigWin ? `${t('game.bigWin')} ` : ''}${t('game.win')} ${money(lastWin)}`
            : ''}
        </div>
        <p className="sr-only" aria-live="polite">
          {announcement}
        </p>
      </section>

      {message && (
        <div className="message" role="alert">
          <span>{message.text}</span>
          {message.deposit && (
            <button type="button" className="primary small" onClick={() => tellPlatform('deposit')}>
              {t('game.deposit')}
            </button>
          )}
        </div>
      )}

      {mode === 'real' && offers.length > 0 && (
        <section className="free-rounds" aria-label={t('game.freeRounds')}>
          {offers.map((offer) => (
            <div key={offer.grantId} className="free-round-offer">
              <span>
                {t('game.freeRoundsOffer', { count: offer.remaining, amount: money(BigInt(offer.stake)) })}
              </span>
              <button
                type="button"
                className="primary small"
                onClick={() => void play(offer)}
                disabled={busy || autoplaying}
              >
                {t('game.playFreeRound')}
              </button>
            </div>
          ))}
        </section>
      )}

      <section className="controls" aria-label={t('game.controls')}>
        <fieldset className="bet">
          <legend className="sr-only">{t('game.bet')}</legend>
          <button
            type="button"
            className="icon-button"
            onClick={() => setCoinIndex((i) => Math.max(0, i - 1))}
            disabled={busy || autoplaying || coinIndex === 0}
            aria-label={t('game.betDown')}
          >
            −
          </button>
          <div className="bet-value">
            <span className="label">{t('game.bet')}</span>
            <strong>{money(stake)}</strong>
          </div>
          <button
            type="button"
            className="icon-button"
            onClick={() => setCoinIndex((i) => Math.min(game.coinValues.length - 1, i + 1))}
            disabled={busy || autoplaying || coinIndex === game.coinValues.length - 1}
            aria-label={t('game.betUp')}
          >
            +
          </button>
        </fieldset>
        {autoplaying ? (
          <button
            type="button"
            className="spin stop"
            onClick={() => {
              live.current.stopAuto = true;
            }}
          >
            {t('autoplay.stop', { n: autoLeft })}
          </button>
        ) : (
          <button
            type="button"
            className="spin"
            onClick={() => void play()}
            disabled={busy}
            aria-label={t('game.spinLabel', { amount: money(stake) })}
          >
            {busy ? '…' : t('game.spin')}
          </button>
        )}
        <div className="toggles">
          <button
            type="button"
            onClick={() => setPanel('autoplay')}
            disabled={busy || autoplaying}
            className="chip"
          >
            {t('game.autoplay')}
          </button>
          <button type="button" className="chip" aria-pressed={turbo} onClick={() => setTurbo((v) => !v)}>
            {t('game.turbo')}
          </button>
        </div>
      </section>

      <nav className="menu" aria-label={t('game.menu')}>
        <button type="button" className="chip" onClick={() => setPanel('paytable')}>
          {t('panels.paytable')}
        </button>
        <button type="button" className="chip" onClick={() => setPanel('rules')}>
          {t('panels.rules')}
        </button>
        <button type="button" className="chip" onClick={() => setPanel('history')}>
          {t('panels.history')}
        </button>
        <button type="button" className="chip" onClick={() => setPanel('fairness')}>
          {t('panels.fairness')}
        </button>
        <button
          type="button"
          className="chip"
          aria-pressed={soundOn}
          onClick={() => setSoundOn((v) => !v)}
          aria-label={t('game.sound')}
        >
          {soundOn ? '♪' : '✕♪'} {t('game.sound')}
        </button>
      </nav>

      {panel === 'paytable' && (
        <Paytable game={game} coinValue={coinValue} scale={scale} onClose={() => setPanel(null)} />
      )}
      {panel === 'rules' && <Rules game={game} onClose={() => setPanel(null)} />}
      {panel === 'history' && (
        <History token={token} scale={scale} language={i18n.language} onClose={() => setPanel(null)} />
      )}
      {panel === 'fairness' && (
        <FairnessPanel
          token={token}
          fairness={fairness}
          language={i18n.language}
          onChange={setFairness}
          onClose={() => setPanel(null)}
        />
      )}
      {panel === 'autoplay' && (
        <AutoplayDialog scale={scale} onStart={(s) => void runAutoplay(s)} onClose={() => setPanel(null)} />
      )}
    </main>
  );
}
