import type { LiveLobby, LiveLobbyQuery, LivePhase, LiveTableState } from '@lotus/contracts/games';
import type { Db } from '../../db/database.ts';
import type { Brand } from '../brands/brand.ts';
import { catalogueOf } from './games.service.ts';

/**
 * The `/live` page's table states (issue 13): the brand's LIVE games, each with its vendor's public
 * lobby (`GET {origin of the vendor's launch URL}/api/live/lobby`, the house vendor's format), fetched
 * server-side with a short time limit and kept LOBBY_CACHE_MS per vendor address, so any number of
 * members costs a vendor at most one call per interval. A vendor that is down, slow or answers
 * something else leaves its tables `unknown`: this call never fails because of a vendor.
 */
export const LOBBY_TIMEOUT_MS = 1500;
export const LOBBY_CACHE_MS = 1500;
const RECENT = 20;
/** A lobby of five tables with their roads is a few tens of kB; anything far larger is refused. */
const MAX_LOBBY_BYTES = 2_000_000;

type VendorLobby = Map<string, Omit<LiveTableState, 'vassalage' | 'gameId' | 'gameType'>>;

const cache = new Map<string, { at: number; value: Promise<VendorLobby> }>();

/** `{origin}/api/live/lobby` of a launch URL template, or null when it has no http(s) origin. */
export function lobbyUrlOf(launchUrl: string): string | null {
  try {
    const url = new URL(launchUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return `${url.origin}/api/live/lobby`;
  } catch {
    return null;
  }
}

const PHASES: ReadonlySet<string> = new Set(['betting', 'closed', 'result', 'settled', 'cancelled']);

function record(v: unknown): Record<string, unknown> | null {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}

/** One result as a short label (see LiveTableState.recent), or null when not understood. */
export function resultLabel(result: unknown): string | null {
  const r = record(result);
  if (!r) return null;
  const hand = record(r.hand);
  if (hand && typeof hand.winner === 'string' && /^(player|banker|tie|dragon|tiger)$/.test(hand.winner)) {
    return hand.winner;
  }
  if (Number.isInteger(r.pocket) && (r.pocket as number) >= 0 && (r.pocket as number) <= 36)
    return String(r.pocket);
  if (
    Array.isArray(r.dice) &&
    r.dice.length === 3 &&
    r.dice.every((d) => Number.isInteger(d) && (d as number) >= 1 && (d as number) <= 6)
  ) {
    return r.dice.join('-');
  }
  return null;
}

function parseLobby(body: unknown): VendorLobby {
  const tables = new Map() as VendorLobby;
  const list = record(body)?.tables;
  if (!Array.isArray(list)) return tables;
  for (const item of list.slice(0, 100)) {
    const t = record(item);
    if (!t || typeof t.id !== 'string') continue;
    const round = record(t.round);
    const phase =
      round && typeof round.phase === 'string' && PHASES.has(round.phase) ? round.phase : 'unknown';
    const msLeft =
      phase === 'betting' && typeof round?.msLeft === 'number' && Number.isFinite(round.msLeft)
        ? Math.max(0, Math.min(3_600_000, Math.round(round.msLeft)))
        : 0;
    const roundNumber =
      typeof round?.number === 'number' && Number.isSafeInteger(round.number) && round.number >= 0
        ? round.number
        : 0;
    const recent = (Array.isArray(t.recent) ? t.recent : [])
      .map(resultLabel)
      .filter((l): l is string => l !== null)
      .slice(-RECENT);
    tables.set(t.id, { phase: phase as LivePhase, msLeft, roundNumber, recent });
  }
  return tables;
}

async function fetchLobby(url: string): Promise<VendorLobby> {
  try {
    const res = await fetch(url, {
      signal: AbortSignal.timeout(LOBBY_TIMEOUT_MS),
      headers: { accept: 'application/json' },
      redirect: 'error',
    });
    if (!res.ok || Number(res.headers.get('content-length') ?? 0) > MAX_LOBBY_BYTES) {
      await res.body?.cancel();
      return new Map();
    }
    const text = await res.text();
    if (text.length > MAX_LOBBY_BYTES) return new Map();
    return parseLobby(JSON.parse(text));
  } catch {
    return new Map();
  }
}

function vendorLobby(url: string): Promise<VendorLobby> {
  const now = Date.now();
  const hit = cache.get(url);
  if (hit && now - hit.at < LOBBY_CACHE_MS) return hit.value;
  const value = fetchLobby(url);
  cache.set(url, { at: now, value });
  if (cache.size > 200) {
    for (const [key, entry] of cache) if (now - entry.at >= LOBBY_CACHE_MS) cache.delete(key);
  }
  return value;
}

/** Forgets the cached vendor lobbies (tests). */
export function clearLiveLobbyCache(): void {
  cache.clear();
}

export async function liveLobby(db: Db, brand: Brand, query: LiveLobbyQuery): Promise<LiveLobby> {
  const catalogue = await catalogueOf(db, brand);
  const games = catalogue.games.filter(
    (g) => g.category === 'LIVE' && (!query.vassalage || g.vendor.code === query.vassalage),
  );
  if (games.length === 0) return { tables: [] };
  const vendorIds = [...new Set(games.map((g) => g.vendor_id))];
  const urls = await db
    .selectFrom('vendors')
    .select(['id', 'launch_url'])
    .where('brand_id', '=', brand.id)
    .where('id', 'in', vendorIds)
    .execute();
  const lobbies = new Map(
    await Promise.all(
      urls.map(async (v) => {
        const url = lobbyUrlOf(v.launch_url);
        return [v.id, url ? await vendorLobby(url) : (new Map() as VendorLobby)] as const;
      }),
    ),
  );
  return {
    tables: games.map((g) => ({
      vassalage: g.vendor.code,
      gameId: g.code,
      gameType: g.game_type,
      ...(lobbies.get(g.vendor_id)?.get(g.code) ?? {
        phase: 'unknown' as const,
        msLeft: 0,
        roundNumber: 0,
        recent: [],
      }),
    })),
  };
}
