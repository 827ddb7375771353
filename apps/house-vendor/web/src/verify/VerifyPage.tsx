import { currencyScale } from '@lotus/contracts/money';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hashServerSeed } from '../../../src/fair/seeds.ts';
import { compile } from '../../../src/slots/evaluator.ts';
import { GAMES } from '../../../src/slots/games/index.ts';
import type { RoundResult } from '../../../src/slots/round.ts';
import { verifyRound } from '../../../src/slots/verify.ts';
import { SymbolImage } from '../game/panels.tsx';
import { api, type Verification } from '../lib/api.ts';
import { formatMinor } from '../lib/money.ts';
import { canonical } from './canonical.ts';

/**
 * The verification page: recomputes a round in this browser from its revealed seeds with the
 * vendor's own code (src/slots/verify.ts, WebCrypto only): first the revealed server seed must hash
 * to the commitment shown before play, then the round is replayed from HMAC-SHA256(server seed,
 * client seed:nonce:cursor). With `?round=<id>` the round's seeds and stored result are fetched and
 * compared with the recomputation; the seeds can also be typed in by hand.
 */

type Fields = { game: string; serverSeed: string; serverSeedHash: string; clientSeed: string; nonce: string };

type Outcome =
  | { kind: 'ok'; result: RoundResult; hashOk: true; matchesStored: boolean | null }
  | { kind: 'hash'; actual: string }
  | { kind: 'error' };

/** The round of the seeds, after checking the server seed against its commitment. */
async function recompute(fields: Fields, stored: Verification | null): Promise<Outcome> {
  const def = GAMES.find((g) => g.id === fields.game);
  if (!def || !/^\d{1,9}$/.test(fields.nonce)) return { kind: 'error' };
  const seeds = {
    serverSeed: fields.serverSeed.trim(),
    serverSeedHash: fields.serverSeedHash.trim().toLowerCase(),
    clientSeed: fields.clientSeed,
    nonce: Number(fields.nonce),
  };
  const actual = await hashServerSeed(seeds.serverSeed);
  if (actual !== seeds.serverSeedHash) return { kind: 'hash', actual };
  try {
    const result = await verifyRound(compile(def), seeds);
    const matchesStored = stored?.outcome ? canonical(stored.outcome) === canonical(result) : null;
    return { kind: 'ok', result, hashOk: true, matchesStored };
  } catch {
    return { kind: 'error' };
  }
}

export default function VerifyPage() {
  const { t } = useTranslation();
  const params = new URLSearchParams(window.location.search);
  const [fields, setFields] = useState<Fields>({
    game: params.get('game') ?? GAMES[0]!.id,
    serverSeed: params.get('serverSeed') ?? '',
    serverSeedHash: params.get('serverSeedHash') ?? '',
    clientSeed: params.get('clientSeed') ?? '',
    nonce: params.get('nonce') ?? '0',
  });
  const [stored, setStored] = useState<Verification | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const roundId = params.get('round');

  useEffect(() => {
    if (!roundId) return;
    api.verification(roundId).then(
      (round) => {
        const loaded = {
          game: round.game,
          serverSeed: round.serverSeed ?? '',
          serverSeedHash: round.serverSeedHash,
          clientSeed: round.clientSeed,
          nonce: String(round.nonce),
        };
        setStored(round);
        setFields(loaded);
        if (round.serverSeed === null) setNotice(t('verify.notRevealed'));
        else void recompute(loaded, round).then(setOutcome);
      },
      () => setNotice(t('verify.roundNotFound')),
    );
  }, [roundId, t]);

  async function verify(input: Fields, round: Verification | null) {
    setOutcome(await recompute(input, round));
  }

  const field = (name: keyof Fields, label: string) => (
    <>
      <label htmlFor={`verify-${name}`}>{label}</label>
      <input
        id={`verify-${name}`}
        value={fields[name]}
        onChange={(event) => setFields((f) => ({ ...f, [name]: event.target.value }))}
        autoComplete="off"
        spellCheck={false}
        className="mono"
      />
    </>
  );

  const game = GAMES.find((g) => g.id === fields.game);
  return (
    <main className="page verify">
      <h1>{t('verify.title')}</h1>
      <p className="hint">{t('verify.explain')}</p>
      {notice && <p role="status">{notice}</p>}
      <form
        className="stack"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          void verify(fields, stored);
        }}
      >
        <label htmlFor="verify-game">{t('verify.game')}</label>
        <select
          id="verify-game"
          value={fields.game}
          onChange={(event) => setFields((f) => ({ ...f, game: event.target.value }))}
        >
          {GAMES.map((g) => (
            <option key={g.id} value={g.id}>
              {t(`games.${g.id}`)}
            </option>
          ))}
        </select>
        {field('serverSeed', t('fairness.serverSeed'))}
        {field('serverSeedHash', t('fairness.serverSeedHash'))}
        {field('clientSeed', t('fairness.clientSeed'))}
        {field('nonce', t('fairness.nonce'))}
        <button type="submit" className="primary">
          {t('verify.run')}
        </button>
      </form>

      <section aria-live="polite">
        {outcome?.kind === 'error' && <p role="alert">{t('verify.invalid')}</p>}
        {outcome?.kind === 'hash' && (
          <p role="alert">
            {t('verify.hashMismatch')} <code className="mono">{outcome.actual}</code>
          </p>
        )}
        {outcome?.kind === 'ok' && game && (
          <div className="verified">
            <p className="ok">{t('verify.hashOk')}</p>
            {outcome.matchesStored === true && <p className="ok">{t('verify.matches')}</p>}
            {outcome.matchesStored === false && <p role="alert">{t('verify.differs')}</p>}
            <p>
              {t('verify.totalCoins', { coins: outcome.result.coins })}
              {stored?.coinValue &&
                ` · ${t('verify.payout')} ${formatMinor(BigInt(outcome.result.coins) * BigInt(stored.coinValue), currencyScale(stored.currency))} ${stored.currency}`}
            </p>
            {outcome.result.spins
              .map((spin, n) => ({ spin, index: n, id: `spin-${n}` }))
              .map(({ spin, index, id }) => (
                <figure key={id} className="spin-result">
                  <figcaption>
                    {index === 0 ? t('verify.paidSpin') : t('verify.freeSpin', { n: index })} ·{' '}
                    {t('verify.stops', { stops: spin.stops.join(', ') })} ·{' '}
                    {t('verify.coins', { coins: spin.coins })}
                  </figcaption>
                  <div
                    className="mini-reels"
                    style={{ gridTemplateColumns: `repeat(${spin.screen.length}, 1fr)` }}
                  >
                    {spin.screen
                      .map((column, r) => ({
                        id: `reel-${r}`,
                        cells: column.map((symbol, c) => ({ id: `cell-${c}`, symbol })),
                      }))
                      .map((reel) => (
                        <div key={reel.id} className="mini-reel">
                          {reel.cells.map((cell) => (
                            <SymbolImage key={cell.id} game={game.id} symbol={cell.symbol} size={44} />
                          ))}
                        </div>
                      ))}
                  </div>
                  {spin.wins.length > 0 && (
                    <ul className="wins">
                      {spin.wins
                        .map((win, w) => ({ win, id: `win-${w}` }))
                        .map(({ win, id: winId }) => (
                          <li key={winId}>
                            {t(`symbols.${game.id}.${win.symbol}`)} ×{win.count}
                            {win.line !== undefined ? ` · ${t('verify.line', { line: win.line + 1 })}` : ''}
                            {win.ways !== undefined ? ` · ${t('verify.ways', { ways: win.ways })}` : ''} ·{' '}
                            {t('verify.coins', { coins: win.coins * spin.multiplier })}
                          </li>
                        ))}
                    </ul>
                  )}
                </figure>
              ))}
          </div>
        )}
      </section>
    </main>
  );
}
