import { createHash, randomBytes } from 'node:crypto';
import { SeamlessSession } from '@lotus/contracts/game-launch';
import { currencyScale, parseAmount } from '@lotus/contracts/money';
import { sql } from 'kysely';
import { Value } from 'typebox/value';
import { preparedMark, type VendorDb } from './db/database.ts';
import type { GameMode, SessionFreeRound } from './db/schema.ts';
import { VendorError } from './errors.ts';
import { activePair } from './seeds.ts';
import type { WalletClient } from './wallet/client.ts';

/** How long the game page's own session lasts (the platform's token decides when bets stop). */
const SESSION_HOURS = 12;
/** Free play starts with this many whole units of play money. */
export const FREE_PLAY_UNITS = 2_000n;

export type VendorSession = {
  id: string;
  brand: string;
  playerId: string;
  nickname: string;
  mode: GameMode;
  platformToken: string | null;
  gameId: string;
  currency: string;
  /** The brand's currency symbol from the launch, '' when none came (the page shows the code). */
  currencyLabel: string;
  language: string;
};

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * Exchanges the platform's launch token for the player's seamless session (game-launch.ts), once:
 * the token is spent by the call whatever its outcome, so it is never repeated. Answers the game
 * page's own session token (only its hash is stored). `games`: the ids of every game kind's games.
 */
export async function openSession(
  db: VendorDb,
  wallet: WalletClient,
  input: { merchant: string; launchToken: string; game: string },
  games: ReadonlySet<string>,
): Promise<{ token: string; session: VendorSession }> {
  if (!wallet.hasBrand(input.merchant)) throw new VendorError('brand_unknown');
  if (!games.has(input.game)) throw new VendorError('game_unknown');
  const answer = await wallet.call(
    input.merchant,
    'session',
    { launchToken: input.launchToken },
    { attempts: 1 },
  );
  if (answer.kind === 'unknown') throw new VendorError('platform_unavailable', answer.reason);
  if (!answer.success)
    throw new VendorError('launch_invalid', answer.errorCode || `HTTP ${answer.httpStatus}`);
  if (!Value.Check(SeamlessSession, answer.value))
    throw new VendorError('launch_invalid', 'malformed session');
  const s = answer.value;
  if (s.gameId !== input.game) throw new VendorError('launch_invalid', 'issued for another game');
  if ((s.mode === 'free') !== (s.token === null))
    throw new VendorError('launch_invalid', 'token and mode disagree');
  if (!/^[A-Za-z]{3,8}$/.test(s.currency)) throw new VendorError('launch_invalid', 'currency');
  const currency = s.currency.toUpperCase();
  const currencyLabel = currencyLabelOf(s.currencySymbol);
  const token = randomBytes(32).toString('base64url');
  const playBalance = s.mode === 'free' ? FREE_PLAY_UNITS * 10n ** BigInt(currencyScale(currency)) : null;
  const freeRounds = s.mode === 'real' ? sessionFreeRounds(s, currency) : [];
  const row = await db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      brand: input.merchant,
      player_id: s.playerId,
      nickname: s.nickname.slice(0, 64),
      mode: s.mode,
      platform_token: s.mode === 'free' ? null : s.token,
      game_id: s.gameId,
      currency,
      currency_label: currencyLabel,
      language: ['EN', 'MS', 'CN'].includes(s.language) ? s.language : 'EN',
      play_balance: playBalance,
      free_rounds: JSON.stringify(freeRounds),
      expires_at: sql<Date>`now() + make_interval(hours => ${SESSION_HOURS})`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await activePair(db, input.merchant, s.playerId);
  return {
    token,
    session: {
      id: row.id,
      brand: input.merchant,
      playerId: s.playerId,
      nickname: s.nickname.slice(0, 64),
      mode: s.mode,
      platformToken: s.mode === 'free' ? null : s.token,
      gameId: s.gameId,
      currency,
      currencyLabel,
      language: ['EN', 'MS', 'CN'].includes(s.language) ? s.language : 'EN',
    },
  };
}

/**
 * The free rounds of the platform's session answer this session may offer: for this game, with a
 * well-formed grant id and a stake in the currency's exact scale (anything else is left out; the
 * platform decides every spin anyway). At most 20.
 */
function sessionFreeRounds(s: SeamlessSession, currency: string): SessionFreeRound[] {
  const out: SessionFreeRound[] = [];
  for (const f of s.freeRounds ?? []) {
    const stake = parseAmount(f.stake, currency);
    if (f.game !== s.gameId || !/^[1-9][0-9]{0,17}$/.test(f.grantId)) continue;
    if (stake === null || stake <= 0n || !Number.isSafeInteger(f.remaining) || f.remaining <= 0) continue;
    if (Number.isNaN(Date.parse(f.expiresAt))) continue;
    out.push({
      grantId: f.grantId,
      stake: stake.toString(),
      rounds: Math.min(f.remaining, 1000),
      expiresAt: new Date(f.expiresAt).toISOString(),
    });
  }
  return out.slice(0, 20);
}

export type FreeRoundOffer = { grantId: string; stake: string; remaining: number; expiresAt: string };

/**
 * What the page offers: each grant of the session with its rounds left (the launch's count less
 * the session's free spins that were not refused or cancelled) while not expired. One statement:
 * the grants and the spins counted per grant (`{grantId: count}`).
 */
export async function freeRoundsOf(db: VendorDb, session: VendorSession): Promise<FreeRoundOffer[]> {
  if (session.mode !== 'real') return [];
  const row = await db
    .selectFrom('sessions')
    .select([
      'free_rounds',
      sql<Record<string, number> | null>`(
        select jsonb_object_agg(used.grant_id, used.n)
        from (select free_round_grant_id as grant_id, count(*) as n from rounds
              where rounds.session_id = sessions.id and free_round_grant_id is not null
                and status not in ('refused', 'cancelled')
              group by free_round_grant_id) used)`.as('used'),
    ])
    .where('id', '=', session.id)
    .executeTakeFirstOrThrow();
  const used = row.used ?? {};
  const now = Date.now();
  return row.free_rounds
    .map((f) => ({
      grantId: f.grantId,
      stake: f.stake,
      remaining: Math.max(0, f.rounds - Number(used[f.grantId] ?? 0)),
      expiresAt: f.expiresAt,
    }))
    .filter((f) => f.remaining > 0 && Date.parse(f.expiresAt) > now);
}

/** The session of a page token, or session_invalid (unknown, expired, malformed). */
export async function sessionOf(db: VendorDb, token: string | undefined): Promise<VendorSession> {
  if (token === undefined || !/^[A-Za-z0-9_-]{43}$/.test(token)) throw new VendorError('session_invalid');
  const row = await db
    .selectFrom('sessions')
    .select([
      'id',
      'brand',
      'player_id',
      'nickname',
      'mode',
      'platform_token',
      'game_id',
      'currency',
      'currency_label',
      'language',
    ])
    .where('token_hash', '=', hashToken(token))
    .where('expires_at', '>', sql<Date>`now()`)
    .modifyEnd(preparedMark)
    .executeTakeFirst();
  if (!row) throw new VendorError('session_invalid');
  return {
    id: row.id,
    brand: row.brand,
    playerId: row.player_id,
    nickname: row.nickname,
    mode: row.mode,
    platformToken: row.platform_token,
    gameId: row.game_id,
    currency: row.currency,
    currencyLabel: row.currency_label,
    language: row.language,
  };
}

/** The platform's currency symbol as a page may show it: 1 to 8 plain characters, else none. */
export function currencyLabelOf(symbol: string | undefined): string {
  const label = (symbol ?? '').trim();
  return label.length <= 8 && !/[\p{Cc}<>&"']/u.test(label) ? label : '';
}

/**
 * The balance the page shows, in minor units: the wallet's (real and demo) or the session's play
 * money (free). Null when the wallet did not answer.
 */
export async function balanceOf(
  db: VendorDb,
  wallet: WalletClient,
  session: VendorSession,
): Promise<bigint | null> {
  if (session.mode === 'free') {
    const row = await db
      .selectFrom('sessions')
      .select('play_balance')
      .where('id', '=', session.id)
      .executeTakeFirstOrThrow();
    return row.play_balance === null ? null : BigInt(row.play_balance);
  }
  const answer = await wallet.call(
    session.brand,
    'balance',
    { token: session.platformToken, currency: session.currency },
    { attempts: 2 },
  );
  return answer.kind === 'answer' && answer.success ? balanceIn(answer.value, session.currency) : null;
}

/** The `balance` of a wallet answer's value, in minor units, or null. */
export function balanceIn(value: unknown, currency: string): bigint | null {
  const text = (value as { balance?: unknown } | null)?.balance;
  return typeof text === 'string' ? parseAmount(text, currency) : null;
}

/**
 * The platform ended the player's play (a time-out, self-exclusion or session limit: the signed
 * player-ended notice): every game-page session of the player at this brand ends now. Answers how
 * many ended.
 */
export async function endPlayerSessions(db: VendorDb, brand: string, playerId: string): Promise<number> {
  const result = await db
    .updateTable('sessions')
    .set({ expires_at: sql<Date>`now()` })
    .where('brand', '=', brand)
    .where('player_id', '=', playerId)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
