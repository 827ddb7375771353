import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameDef } from '../../../src/slots/types.ts';
import { Dialog } from '../components/Dialog.tsx';
import { ApiError, api, type Fairness, type Rotation, type RoundView } from '../lib/api.ts';
import { callFailureText } from '../lib/http.ts';
import { formatMinor, parseMajor } from '../lib/money.ts';
import { AUTOPLAY_COUNTS, type AutoplaySettings } from './autoplay.ts';
import { GAME_RTP } from './rtp.ts';
import { symbolUrl } from './symbols.ts';

export function SymbolImage({ game, symbol, size = 48 }: { game: string; symbol: string; size?: number }) {
  const { t } = useTranslation();
  return (
    <img
      src={symbolUrl(game, symbol)}
      width={size}
      height={size}
      alt={t(`symbols.${game}.${symbol}`)}
      loading="lazy"
    />
  );
}

/** Pays of every symbol at the current coin value, from the game data (highest first). */
export function Paytable({
  game,
  coinValue,
  scale,
  onClose,
}: {
  game: GameDef;
  coinValue: number;
  scale: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const rows = game.symbols.filter((s) => game.pays[s.id] !== undefined);
  return (
    <Dialog title={t('panels.paytable')} onClose={onClose}>
      <p className="hint">{t(game.rule.kind === 'lines' ? 'paytable.perLine' : 'paytable.perWay')}</p>
      <ul className="paytable">
        {rows.map((symbol) => (
          <li key={symbol.id}>
            <SymbolImage game={game.id} symbol={symbol.id} size={56} />
            <div>
              <strong>{t(`symbols.${game.id}.${symbol.id}`)}</strong>
              {symbol.kind === 'wild' && <span className="tag">{t('paytable.wild')}</span>}
              {symbol.kind === 'scatter' && <span className="tag">{t('paytable.scatter')}</span>}
              <dl>
                {Object.entries(game.pays[symbol.id]!)
                  .sort(([a], [b]) => Number(b) - Number(a))
                  .map(([count, coins]) => (
                    <div key={count}>
                      <dt>{t('paytable.count', { n: Number(count) })}</dt>
                      <dd>{formatMinor(BigInt(coins) * BigInt(coinValue), scale)}</dd>
                    </div>
                  ))}
              </dl>
            </div>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}

/** The rules, generated from the game data. */
export function Rules({ game, onClose }: { game: GameDef; onClose: () => void }) {
  const { t } = useTranslation();
  const wild = game.symbols.find((s) => s.kind === 'wild');
  const scatter = game.symbols.find((s) => s.kind === 'scatter');
  const reels = game.strips.length;
  return (
    <Dialog title={t('panels.rules')} onClose={onClose}>
      <ul className="rules">
        <li>{t('rules.layout', { reels, rows: game.rows })}</li>
        <li>
          {game.rule.kind === 'lines'
            ? t('rules.lines', { lines: game.rule.lines.length })
            : t('rules.ways', { ways: game.rows ** reels })}
        </li>
        <li>{t('rules.cost', { coins: game.costCoins })}</li>
        {wild && <li>{t('rules.wild', { name: t(`symbols.${game.id}.${wild.id}`) })}</li>}
        {scatter && <li>{t('rules.scatter', { name: t(`symbols.${game.id}.${scatter.id}`) })}</li>}
        {game.freeSpins && (
          <li>
            {t('rules.freeSpins', {
              trigger: game.freeSpins.trigger,
              spins: game.freeSpins.spins,
              multiplier: game.freeSpins.multiplier,
              retrigger: game.freeSpins.retrigger,
            })}
          </li>
        )}
        <li>{t('rules.highestPays')}</li>
        <li>{t('rules.rtp', { rtp: GAME_RTP[game.id] ?? '-' })}</li>
        <li>{t('rules.fair')}</li>
        <li>{t('rules.malfunction')}</li>
      </ul>
    </Dialog>
  );
}

function statusText(t: (key: string) => string, round: RoundView): string {
  switch (round.status) {
    case 'settled':
      return t('history.settled');
    case 'refused':
      return t('history.refused');
    case 'cancelled':
      return t('history.cancelled');
    case 'failed':
      return t('history.failed');
    default:
      return t('history.pending');
  }
}

export function History({
  token,
  scale,
  language,
  onClose,
}: {
  token: string;
  scale: number;
  language: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [rounds, setRounds] = useState<RoundView[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    api.history(token).then(
      (answer) => setRounds(answer.rounds),
      (error: unknown) => setFailed(callFailureText(t, error)),
    );
  }, [token, t]);
  return (
    <Dialog title={t('panels.history')} onClose={onClose}>
      {failed && <p role="alert">{failed}</p>}
      {rounds === null && !failed && <p aria-busy="true">{t('common.loading')}</p>}
      {rounds?.length === 0 && <p>{t('history.empty')}</p>}
      {rounds && rounds.length > 0 && (
        <table className="history">
          <thead>
            <tr>
              <th scope="col">{t('history.time')}</th>
              <th scope="col">{t('history.stake')}</th>
              <th scope="col">{t('history.payout')}</th>
              <th scope="col">{t('history.status')}</th>
              <th scope="col">
                <span className="sr-only">{t('history.verify')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rounds.map((round) => (
              <tr key={round.id}>
                <td>
                  {new Date(round.createdAt).toLocaleTimeString(
                    i18n.language === 'CN' ? 'zh-CN' : i18n.language,
                  )}
                </td>
                <td>{formatMinor(round.stake, scale)}</td>
                <td>{round.payout === null ? '-' : formatMinor(round.payout, scale)}</td>
                <td>{statusText(t, round)}</td>
                <td>
                  <a
                    href={`/verify?round=${round.id}&lang=${language}`}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    {t('history.verify')}
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Dialog>
  );
}

export function FairnessPanel({
  token,
  fairness,
  language,
  onChange,
  onClose,
}: {
  token: string;
  fairness: Fairness;
  language: string;
  onChange: (next: Fairness) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [clientSeed, setClientSeed] = useState(fairness.clientSeed);
  const [rotation, setRotation] = useState<Rotation | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const valid = /^[\x21-\x7e]{1,64}$/.test(clientSeed);

  async function rotate(event: FormEvent) {
    event.preventDefault();
    if (!valid || busy) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await api.rotate(token, clientSeed);
      setRotation(answer);
      onChange(answer.current);
    } catch (caught) {
      setError(
        caught instanceof ApiError && caught.code === 'round_in_progress'
          ? t('fairness.busy')
          : callFailureText(t, caught),
      );
    } finally {
      setBusy(false);
    }
  }

  const revealed = rotation?.revealed;
  return (
    <Dialog title={t('panels.fairness')} onClose={onClose}>
      <p className="hint">{t('fairness.explain')}</p>
      <dl className="facts">
        <dt>{t('fairness.serverSeedHash')}</dt>
        <dd className="mono">{fairness.serverSeedHash}</dd>
        <dt>{t('fairness.nonce')}</dt>
        <dd className="mono">{fairness.nonce}</dd>
      </dl>
      <form onSubmit={rotate} className="stack">
        <label htmlFor="client-seed">{t('fairness.clientSeed')}</label>
        <input
          id="client-seed"
          value={clientSeed}
          maxLength={64}
          onChange={(event) => setClientSeed(event.target.value)}
          aria-invalid={!valid}
          aria-describedby="client-seed-hint"
          autoComplete="off"
          spellCheck={false}
        />
        <small id="client-seed-hint">{t('fairness.clientSeedHint')}</small>
        <button type="submit" className="primary" disabled={!valid || busy}>
          {t('fairness.rotate')}
        </button>
      </form>
      {error && <p role="alert">{error}</p>}
      {revealed && (
        <div className="revealed" role="status">
          <h3>{t('fairness.revealed')}</h3>
          <dl className="facts">
            <dt>{t('fairness.serverSeed')}</dt>
            <dd className="mono">{revealed.serverSeed}</dd>
            <dt>{t('fairness.serverSeedHash')}</dt>
            <dd className="mono">{revealed.serverSeedHash}</dd>
            <dt>{t('fairness.clientSeed')}</dt>
            <dd className="mono">{revealed.clientSeed}</dd>
            <dt>{t('fairness.rounds')}</dt>
            <dd className="mono">{revealed.rounds}</dd>
          </dl>
          <a
            href={`/verify?${new URLSearchParams({
              lang: language,
              serverSeed: revealed.serverSeed,
              serverSeedHash: revealed.serverSeedHash,
              clientSeed: revealed.clientSeed,
              nonce: '0',
            }).toString()}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('fairness.verifyLink')}
          </a>
        </div>
      )}
    </Dialog>
  );
}

export function AutoplayDialog({
  scale,
  onStart,
  onClose,
}: {
  scale: number;
  onStart: (settings: AutoplaySettings) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [count, setCount] = useState<number>(AUTOPLAY_COUNTS[0]);
  const [win, setWin] = useState('');
  const [below, setBelow] = useState('');
  const winMinor = win.trim() === '' ? null : parseMajor(win, scale);
  const belowMinor = below.trim() === '' ? null : parseMajor(below, scale);
  const winBad = win.trim() !== '' && winMinor === null;
  const belowBad = below.trim() !== '' && belowMinor === null;

  function start(event: FormEvent) {
    event.preventDefault();
    if (winBad || belowBad) return;
    onStart({ count, stopOnWinAtLeast: winMinor, stopIfBalanceBelow: belowMinor });
  }

  return (
    <Dialog title={t('panels.autoplay')} onClose={onClose}>
      <form onSubmit={start} className="stack">
        <fieldset className="choices">
          <legend>{t('autoplay.count')}</legend>
          {AUTOPLAY_COUNTS.map((n) => (
            <label key={n} className={n === count ? 'choice active' : 'choice'}>
              <input type="radio" name="count" value={n} checked={n === count} onChange={() => setCount(n)} />
              {n}
            </label>
          ))}
        </fieldset>
        <label htmlFor="stop-win">{t('autoplay.stopOnWin')}</label>
        <input
          id="stop-win"
          inputMode="decimal"
          value={win}
          onChange={(event) => setWin(event.target.value)}
          aria-invalid={winBad}
          placeholder={t('autoplay.optional')}
        />
        <label htmlFor="stop-balance">{t('autoplay.stopBelow')}</label>
        <input
          id="stop-balance"
          inputMode="decimal"
          value={below}
          onChange={(event) => setBelow(event.target.value)}
          aria-invalid={belowBad}
          placeholder={t('autoplay.optional')}
        />
        {(winBad || belowBad) && <p role="alert">{t('autoplay.badAmount')}</p>}
        <button type="submit" className="primary" disabled={winBad || belowBad}>
          {t('autoplay.start', { n: count })}
        </button>
      </form>
    </Dialog>
  );
}
