import { type CSSProperties, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { io, type Socket } from 'socket.io-client';
import { Dialog } from '../components/Dialog.tsx';
import { LobbyButton } from '../components/LobbyButton.tsx';
import type { GameState } from '../lib/api.ts';
import { ApiError, type History, type LiveRound, liveApi, type TableState, type TableView } from './api.ts';
import {
  BOARD,
  boardPlace,
  describeResult,
  outsidePlace,
  spotLabel,
  spotName,
  useOrientation,
} from './board.ts';
import { ROULETTE_OUTSIDE, spotsOf } from './grid.ts';
import {
  checkBet,
  chipValues,
  formatMinor,
  localDeadline,
  type OwnBet,
  pocketColour,
  type Spot,
  secondsLeft,
  spotKey,
  stakesBySpot,
  totalStake,
} from './logic.ts';
import { boot, KNOWN_ERRORS, tell } from './page-session.ts';
import { Roads } from './Roads.tsx';
import { payoutLines, ruleKey } from './rules.ts';
import './live.css';
import { sessionFailureText } from '../lib/http.ts';
import { labelledMoney } from '../lib/money.ts';
import { LiveSound } from './sound.ts';
import type { LiveTableView } from './table-view.ts';

/**
 * A live table in the platform's iframe (`/play/<table id>`): the launch-token exchange as the slots
 * do, then the table over Socket.IO (`/live/socket.io`, `join` again after every reconnect: the ack
 * carries the current round, totals and the player's own bets), bets through the HTTP calls (the
 * server alone talks to the wallet), the countdown from the server's clock, the table drawn by
 * PixiJS (table-view.ts, loaded on demand), roads from the public history (refetched on `result`).
 */

type PanelName = 'rules' | 'limits' | null;

export default function LivePage({ table: tableId }: { table: string }) {
  const { t, i18n } = useTranslation();
  const [token, setToken] = useState<string | null>(null);
  const [state, setState] = useState<GameState | null>(null);
  const [table, setTable] = useState<TableView | null>(null);
  const [fatal, setFatal] = useState<string | null>(null);
  const [round, setRound] = useState<LiveRound | null>(null);
  const [deadline, setDeadline] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const [totals, setTotals] = useState<Record<string, string>>({});
  const [bets, setBets] = useState<OwnBet[]>([]);
  const [balance, setBalance] = useState<bigint | null>(null);
  const [chip, setChip] = useState(0);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; deposit?: boolean } | null>(null);
  /** The player's settlement of a round (`round`: its id; it may arrive after the next round opened). */
  const [win, setWin] = useState<{ payout: bigint; stake: bigint; round: string } | null>(null);
  const [history, setHistory] = useState<History | null>(null);
  const [connected, setConnected] = useState(false);
  const [panel, setPanel] = useState<PanelName>(null);
  const [soundOn, setSoundOn] = useState(true);
  const [announcement, setAnnouncement] = useState('');
  const orientation = useOrientation();
  const sound = useRef(new LiveSound());
  sound.current.enabled = soundOn;
  const viewHost = useRef<HTMLDivElement>(null);
  const view = useRef<LiveTableView | null>(null);
  const shown = useRef<string | null>(null);
  /** The result's animation: the win is shown once it is over. */
  const showing = useRef<Promise<void>>(Promise.resolve());
  const roundId = useRef<string | null>(null);
  const tRef = useRef(t);
  tRef.current = t;

  const scale = state?.session.scale ?? 2;
  const currency = state?.session.currency ?? '';
  const money = useCallback((minor: bigint | string) => formatMinor(minor, scale), [scale]);
  const limits = table?.limits[currency];
  const chips = useMemo(() => chipValues(limits), [limits]);
  const chipValue = chips[Math.min(chip, chips.length - 1)] ?? 0n;
  const mine = useMemo(() => stakesBySpot(bets), [bets]);
  const staked = totalStake(mine);

  const refreshHistory = useCallback(() => {
    liveApi.history(tableId).then(setHistory, () => {});
  }, [tableId]);
  useEffect(refreshHistory, [refreshHistory]);

  const applyRound = useCallback((next: LiveRound | null, animate: boolean) => {
    if (!next) return;
    setRound(next);
    setDeadline(localDeadline(next, Date.now()));
    if (roundId.current !== next.id) {
      roundId.current = next.id;
      setBets([]);
      setTotals({});
      setWin(null);
      if (next.phase === 'betting') setMessage(null);
    }
    if (next.result && shown.current !== next.id) {
      shown.current = next.id;
      showing.current = view.current?.show(next.result, animate).catch(() => {}) ?? Promise.resolve();
      setAnnouncement(describeResult(tRef.current, next.result));
    } else if (!next.result && next.phase === 'betting' && shown.current !== `idle:${next.id}`) {
      shown.current = `idle:${next.id}`;
      view.current?.idle();
    }
  }, []);

  const applyState = useCallback(
    (s: TableState) => {
      applyRound(s.round, false);
      setTotals(s.totals);
      setBets(s.bets);
      if (s.balance !== null) setBalance(BigInt(s.balance));
    },
    [applyRound],
  );

  const showError = useCallback(
    (error: unknown) => {
      const code = error instanceof ApiError ? error.code : 'network';
      const deposit = code === 'insufficient_balance' && state?.session.mode !== 'free';
      if (deposit) tell('deposit');
      setMessage({ text: t(`live.errors.${KNOWN_ERRORS.has(code) ? code : 'other'}`), deposit });
      sound.current.play('error');
      // An answer that leaves the bet's fate open (unconfirmed, the server or the connection
      // failing): show the player's bets and balance as the table holds them.
      if (
        token &&
        (code === 'bet_unconfirmed' ||
          code === 'network' ||
          !(error instanceof ApiError) ||
          error.status >= 500)
      )
        liveApi.table(token, tableId).then(applyState, () => {});
    },
    [t, state, token, tableId, applyState],
  );

  // 1. The session.
  useEffect(() => {
    boot(tableId).then(
      async ({ token: sessionToken, state: first }) => {
        setState(first);
        if (
          first.session.language !== i18n.language &&
          !new URLSearchParams(window.location.search).get('lang')
        )
          void i18n.changeLanguage(first.session.language);
        const answer = await liveApi.table(sessionToken, tableId);
        setTable(answer.table);
        // The round, its totals and the player's own bets as they stand (a page opened or reloaded
        // mid-round shows its bets at once, before the socket has joined).
        applyState(answer);
        if (answer.balance === null && first.balance !== null) setBalance(BigInt(first.balance));
        setToken(sessionToken);
      },
      (error: unknown) => setFatal(sessionFailureText(t, error)),
    );
  }, [tableId, t, i18n, applyState]);

  // 2. The table's socket.
  useEffect(() => {
    if (!token) return;
    const socket: Socket = io({ path: '/live/socket.io', auth: { token } });
    const join = () =>
      socket.emit(
        'join',
        { table: tableId },
        (ack: ({ ok: true } & TableState) | { ok: false; error: string; retryAfterMs?: number }) => {
          if (!ack.ok) {
            // Too many joins from this address or player: the page stays "connecting" and joins
            // again when the limiter allows (bounded, so a wrong hint never stalls it for long).
            if (ack.error === 'too_many_requests') {
              const wait = Math.min(Math.max(ack.retryAfterMs ?? 1_000, 500), 30_000);
              setTimeout(() => socket.connected && join(), wait + Math.random() * 500);
              return;
            }
            // The table's database briefly unreachable (a restart, a failover): not the end of the
            // session; join again after a moment.
            if (ack.error === 'service_unavailable' || ack.error === 'internal_error') {
              setTimeout(() => socket.connected && join(), 2_000 + Math.random() * 1_000);
              return;
            }
            setFatal(tRef.current('errors.session_invalid'));
            return;
          }
          setConnected(true);
          applyState(ack);
        },
      );
    socket.on('connect', join);
    // The platform ended the player's play (a time-out, self-exclusion or session limit): the
    // server closes the socket right after; back to the platform's lobby, never reconnecting.
    let ended = false;
    socket.on('player_ended', () => {
      ended = true;
      tell('lobby');
    });
    socket.on('disconnect', (reason) => {
      setConnected(false);
      // A server that closes the connection itself (a restart, a deploy) is not retried by the
      // client on its own: connect again after a moment (a dropped network is retried by Socket.IO).
      if (reason === 'io server disconnect' && !ended)
        setTimeout(() => socket.connect(), 1_000 + Math.random() * 1_000);
    });
    socket.on('phase', (next: LiveRound) => {
      applyRound(next, true);
      if (next.phase === 'closed') sound.current.play('close');
    });
    socket.on('result', (next: LiveRound) => {
      applyRound(next, true);
      refreshHistory();
    });
    socket.on('totals', (next: { round: string; spots: Record<string, string> }) => {
      if (next.round === roundId.current) setTotals(next.spots);
    });
    socket.on('shoe', refreshHistory);
    socket.on(
      'settled',
      (s: { round: string; status: string; payout: string; balance: string | null; bets: OwnBet[] }) => {
        void showing.current.then(() => {
          if (s.balance !== null) setBalance(BigInt(s.balance));
          const stake = s.bets
            .filter((b) => b.status === 'placed')
            .reduce((sum, b) => sum + BigInt(b.stake), 0n);
          setWin({ payout: BigInt(s.payout ?? '0'), stake, round: s.round });
          if (BigInt(s.payout ?? '0') > 0n) sound.current.play('win');
          tell('balance');
        });
      },
    );
    return () => {
      socket.disconnect();
    };
  }, [token, tableId, applyRound, applyState, refreshHistory]);

  // 3. The table area (PixiJS, on demand).
  const ready = table !== null;
  useEffect(() => {
    if (!ready || !table || !viewHost.current) return;
    let cancelled = false;
    const host = viewHost.current;
    import('./table-view.ts')
      .then(({ LiveTableView: View }) =>
        View.create(
          host,
          table.game,
          Object.fromEntries(
            ['player', 'banker', 'dragon', 'tiger'].map((side) => [side, tRef.current(`live.kinds.${side}`)]),
          ),
        ),
      )
      .then((v) => {
        if (cancelled) return v.destroy();
        view.current = v;
        shown.current = null;
      })
      .catch(() => !cancelled && setMessage({ text: tRef.current('errors.graphics') }));
    return () => {
      cancelled = true;
      view.current?.destroy();
      view.current = null;
    };
  }, [ready, table]);

  // The countdown ticks on the local clock from the server's deadline.
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);

  const betting = round?.phase === 'betting' && deadline > now && connected;
  const seconds = round?.phase === 'betting' ? secondsLeft(deadline, now) : 0;

  const placeBet = async (spot: Spot) => {
    if (!token || !limits || !betting || busy || chipValue <= 0n) return;
    if (checkBet(limits, spot, chipValue, mine) !== 'ok') {
      setMessage({ text: t('live.errors.bet_limit') });
      return;
    }
    setBusy(true);
    setMessage(null);
    sound.current.play('chip');
    try {
      const answer = await liveApi.bet(token, tableId, {
        requestId: crypto.randomUUID(),
        kind: spot.kind,
        ...(spot.numbers ? { numbers: spot.numbers } : {}),
        stake: chipValue.toString(),
      });
      applyState(answer);
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  const act = async (what: 'undo' | 'rebet') => {
    if (!token || !betting || busy) return;
    setBusy(true);
    setMessage(null);
    try {
      applyState(
        what === 'undo'
          ? await liveApi.undo(token, tableId, crypto.randomUUID())
          : await liveApi.rebet(token, tableId, crypto.randomUUID()),
      );
      if (what === 'undo') {
        // An undo is a wallet rollback the table's balance does not record: ask the wallet.
        const fresh = await liveApi.state(token).catch(() => null);
        if (fresh?.balance) setBalance(BigInt(fresh.balance));
      }
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  if (fatal)
    return (
      <main className="page live">
        <p className="fatal" role="alert">
          {fatal}
        </p>
        <LobbyButton primary />
      </main>
    );
  if (!state || !table) return <main className="loading" aria-busy="true" />;

  const spots = spotsOf(table.game);
  const renderSpot = (spot: Spot, placement: string, style?: CSSProperties) => {
    const key = spotKey(spot);
    const own = mine.get(key);
    const all = totals[key];
    const edge = placement.startsWith('board-edge');
    // Edge spots and the row gutter are too small for words: a marker, the name in the label and title.
    const small = edge || placement === 'board-gutter';
    const colour =
      spot.kind === 'straight'
        ? pocketColour(spot.numbers![0]!)
        : spot.kind === 'red'
          ? 'red'
          : spot.kind === 'black'
            ? 'black'
            : '';
    return (
      <button
        key={key}
        type="button"
        className={`spot spot-${spot.kind} ${colour} ${placement}${own !== undefined ? ' has-own' : ''}`}
        style={style}
        data-spot={key}
        disabled={!betting || busy}
        onClick={() => void placeBet(spot)}
        title={small ? `${spotName(t, spot)}${own !== undefined ? `: ${money(own)}` : ''}` : undefined}
        aria-label={t('live.betOn', { spot: spotName(t, spot), amount: money(chipValue) })}
      >
        {!small && (
          <span className="spot-name">
            {/* The horizontal board's column bets read "2:1" as on a real table (named "Column 3"). */}
            {spot.kind === 'column' && placement === 'board-outside' ? '2:1' : spotLabel(t, spot)}
          </span>
        )}
        {!small && all && all !== '0' && <span className="spot-all">{money(all)}</span>}
        {!small && own !== undefined && <span className="spot-own">{money(own)}</span>}
      </button>
    );
  };
  const phaseText = !connected
    ? t('live.phase.reconnecting')
    : round
      ? t(`live.phase.${round.phase}`)
      : t('live.phase.waiting');

  return (
    <main className={`page live live-${table.game.toLowerCase()}`}>
      <header className="topbar">
        <LobbyButton />
        <h1>{t(`live.tables.${table.id}`, { defaultValue: table.name })}</h1>
        {state.session.mode === 'free' && <span className="badge free">{t('mode.free')}</span>}
        {state.session.mode === 'demo' && <span className="badge demo">{t('mode.demo')}</span>}
        <div className="balance">
          <span className="label">{t('game.balance')}</span>
          <strong>
            {balance === null
              ? '—'
              : state.session.mode === 'free'
                ? money(balance)
                : labelledMoney(money(balance), state.session)}
          </strong>
        </div>
      </header>

      <section className="live-status" aria-live="polite">
        <span className={`phase phase-${round?.phase ?? 'none'}`}>{phaseText}</span>
        {round?.phase === 'betting' && (
          <span className="countdown" role="timer" aria-label={t('live.secondsLeft', { n: seconds })}>
            {seconds}
          </span>
        )}
        {round && <span className="round-no">{t('live.roundNo', { n: round.number })}</span>}
      </section>

      <div className="live-stage" ref={viewHost} />
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      {round?.result && <p className="live-result">{describeResult(t, round.result)}</p>}
      {win && win.round === round?.id && (
        <p className={win.payout > 0n ? 'win-banner' : 'message'} role="status">
          {win.payout > 0n ? t('live.won', { amount: money(win.payout) }) : t('live.noWin')}
        </p>
      )}
      {/* A settlement that came after the next round opened (a slow settlement of a full table): its
          win is still news, said as the last round's; "no win" of a round gone is not. */}
      {win && win.round !== round?.id && win.payout > 0n && (
        <p className="win-banner" role="status">
          {t('live.wonLastRound', { amount: money(win.payout) })}
        </p>
      )}
      {message && (
        <p className="message" role="alert">
          {message.text}{' '}
          {message.deposit && (
            <button type="button" className="primary small" onClick={() => tell('deposit')}>
              {t('game.deposit')}
            </button>
          )}
        </p>
      )}

      <section className="live-bets" aria-label={t('live.grid')}>
        {table.game === 'ROU' && (
          <div className={`roulette-board board-${orientation}`} data-orientation={orientation}>
            {BOARD.map((spot) => {
              const { placement, style } = boardPlace(spot, orientation);
              return renderSpot(spot, placement, style);
            })}
            {orientation === 'horizontal' &&
              ROULETTE_OUTSIDE.map((spot, i) => renderSpot(spot, 'board-outside', outsidePlace(spot, i)))}
          </div>
        )}
        {!(table.game === 'ROU' && orientation === 'horizontal') && (
          <div className={`live-grid grid-${table.game.toLowerCase()}`}>
            {(table.game === 'ROU' ? ROULETTE_OUTSIDE : spots).flatMap((spot, i, list) =>
              // Sic bo's numbered bets come in groups, each under its name.
              table.game === 'SIC' && spot.numbers && list[i - 1]?.kind !== spot.kind
                ? [
                    <p key={`group-${spot.kind}`} className="grid-group" aria-hidden="true">
                      {t(`live.kinds.${spot.kind}`)}
                    </p>,
                    renderSpot(spot, ''),
                  ]
                : [renderSpot(spot, '')],
            )}
          </div>
        )}
      </section>

      <section className="controls live-controls">
        <fieldset className="chips" aria-label={t('live.chips')}>
          {chips.map((value, i) => (
            <button
              key={value.toString()}
              type="button"
              className="live-chip"
              aria-pressed={i === chip}
              onClick={() => setChip(i)}
            >
              {money(value)}
            </button>
          ))}
        </fieldset>
        <div className="toggles">
          <button
            type="button"
            className="chip"
            onClick={() => void act('undo')}
            disabled={!betting || busy || staked === 0n}
          >
            {t('live.undo')}
          </button>
          <button
            type="button"
            className="chip"
            onClick={() => void act('rebet')}
            disabled={!betting || busy}
          >
            {t('live.rebet')}
          </button>
        </div>
        <p className="live-staked">{t('live.staked', { amount: money(staked) })}</p>
      </section>

      <Roads game={table.game} history={history} />

      <nav className="menu" aria-label={t('game.menu')}>
        <button type="button" className="chip" onClick={() => setPanel('rules')}>
          {t('panels.rules')}
        </button>
        <button type="button" className="chip" onClick={() => setPanel('limits')}>
          {t('live.limits')}
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

      {panel === 'rules' && (
        <Dialog title={t('panels.rules')} onClose={() => setPanel(null)}>
          <h3>{t('live.rules.title')}</h3>
          <p>{t(`live.rules.intro.${table.game}`)}</p>
          <h3>{t('live.rules.payouts')}</h3>
          <ul className="live-rules">
            {Object.values(table.betKinds).map((kind) => (
              <li key={kind.kind}>
                <div className="rule-head">
                  <strong>{t(`live.kinds.${kind.kind}`)}</strong>
                  <span>
                    {payoutLines(kind).map((line) => (
                      <span key={line.odds} className="rule-odds">
                        {line.numbers.length === 0
                          ? line.odds
                          : kind.kind === 'single'
                            ? `${t('live.rules.matches', { n: line.numbers.join('/') })}: ${line.odds}`
                            : `${line.numbers.join('/')}: ${line.odds}`}
                      </span>
                    ))}
                  </span>
                </div>
                <p>{t(ruleKey(table.game, table.variant, kind.kind))}</p>
              </li>
            ))}
          </ul>
          <p className="hint">{t('live.rulesNote', { betting: table.bettingMs / 1000 })}</p>
        </Dialog>
      )}
      {panel === 'limits' && limits && (
        <Dialog title={t('live.limits')} onClose={() => setPanel(null)}>
          <table className="live-limits">
            <tbody>
              {Object.entries(limits.perBet).map(([kind, l]) => (
                <tr key={kind}>
                  <th scope="row">{kind === '*' ? t('live.mainBets') : t(`live.kinds.${kind}`)}</th>
                  <td>{labelledMoney(`${money(l.min)} – ${money(l.max)}`, state.session)}</td>
                </tr>
              ))}
              <tr>
                <th scope="row">{t('live.perRound')}</th>
                <td>{labelledMoney(money(limits.perRound), state.session)}</td>
              </tr>
            </tbody>
          </table>
        </Dialog>
      )}
    </main>
  );
}
