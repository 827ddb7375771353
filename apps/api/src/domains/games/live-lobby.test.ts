import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LiveLobby } from '@lotus/contracts/games';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { brandOf } from '../../../test/games.ts';
import { call, headers, setupTestApp } from '../../../test/support.ts';
import { invalidateDbCaches } from '../../lib/db-cache.ts';
import { clearLiveLobbyCache, lobbyUrlOf, resultLabel } from './live-lobby.service.ts';

const ctx = setupTestApp();

/** A stub of the house vendor's public lobby (apps/house-vendor README: Live tables). */
let server: Server;
let hits = 0;
let answer: (res: import('node:http').ServerResponse) => void;
const lobby = {
  serverTime: '2026-01-01T00:00:00.000Z',
  tables: [
    {
      id: 'live-baccarat',
      game: 'BAC',
      round: { id: '7', number: 12, phase: 'betting', msLeft: 8421.6, closesAt: '2026-01-01T00:00:08.421Z' },
      recent: [
        { game: 'BAC', hand: { winner: 'banker', playerTotal: 3, bankerTotal: 8 } },
        { game: 'BAC', hand: { winner: 'player' } },
        { game: 'BAC', hand: { winner: 'tie' } },
      ],
      roads: {},
    },
    {
      id: 'live-dragon-tiger',
      game: 'DAT',
      round: { id: '8', number: 3, phase: 'result', msLeft: 0 },
      recent: [{ game: 'DAT', hand: { winner: 'dragon' } }, { nonsense: true }],
      roads: {},
    },
    {
      id: 'live-roulette',
      game: 'ROU',
      round: { phase: 'closed', number: 5, msLeft: 50 },
      recent: [{ pocket: 0 }, { pocket: 17 }],
    },
    { id: 'live-sicbo', game: 'SIC', round: null, recent: [{ dice: [1, 3, 6] }, { dice: [9, 9, 9] }] },
  ],
};

async function setHouseUrl(url: string) {
  const brand = await brandOf(ctx);
  await ctx.db
    .updateTable('vendors')
    .set({ launch_url: url })
    .where('brand_id', '=', brand.id)
    .where('code', '=', 'HOUSE')
    .execute();
  invalidateDbCaches(ctx.db);
}

async function get(query = '', merchant = 'DEMO') {
  return call<LiveLobby>(ctx.app, {
    method: 'GET',
    url: `/lgw/games/live_lobby${query}`,
    headers: headers(merchant),
  });
}

beforeAll(async () => {
  server = createServer((req, res) => {
    hits += 1;
    if (req.url !== '/api/live/lobby') {
      res.writeHead(404).end();
      return;
    }
    answer(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await setHouseUrl(`http://127.0.0.1:${port}/play/{game}`);
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  clearLiveLobbyCache();
  hits = 0;
  answer = (res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(lobby));
});

describe('live_lobby', () => {
  it("relays each live table's phase, countdown and last results from the vendor, for visitors too", async () => {
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.body.value.tables).toEqual([
      {
        vassalage: 'HOUSE',
        gameId: 'live-baccarat',
        gameType: 'BAC',
        phase: 'betting',
        msLeft: 8422,
        roundNumber: 12,
        recent: ['banker', 'player', 'tie'],
      },
      {
        vassalage: 'HOUSE',
        gameId: 'live-baccarat-nc',
        gameType: 'BAC',
        phase: 'unknown',
        msLeft: 0,
        roundNumber: 0,
        recent: [],
      },
      {
        vassalage: 'HOUSE',
        gameId: 'live-dragon-tiger',
        gameType: 'DAT',
        phase: 'result',
        msLeft: 0,
        roundNumber: 3,
        recent: ['dragon'],
      },
      {
        vassalage: 'HOUSE',
        gameId: 'live-roulette',
        gameType: 'ROU',
        phase: 'closed',
        msLeft: 0,
        roundNumber: 5,
        recent: ['0', '17'],
      },
      {
        vassalage: 'HOUSE',
        gameId: 'live-sicbo',
        gameType: 'SIC',
        phase: 'unknown',
        msLeft: 0,
        roundNumber: 0,
        recent: ['1-3-6'],
      },
    ]);
  });

  it('asks the vendor at most once per cache interval', async () => {
    await Promise.all([get(), get(), get()]);
    await get('?vassalage=HOUSE');
    expect(hits).toBe(1);
  });

  it('answers unknown tables, not an error, when the vendor is down, slow or answers garbage', async () => {
    answer = (res) => res.writeHead(500).end('boom');
    let res = await get();
    expect(res.status).toBe(200);
    expect(res.body.value.tables).toHaveLength(5);
    expect(res.body.value.tables.every((t) => t.phase === 'unknown' && t.recent.length === 0)).toBe(true);

    clearLiveLobbyCache();
    answer = (res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"tables": "no"');
    res = await get();
    expect(res.status).toBe(200);
    expect(res.body.value.tables.every((t) => t.phase === 'unknown')).toBe(true);

    clearLiveLobbyCache();
    answer = () => {}; // never answers: the time limit ends the wait
    const started = Date.now();
    res = await get();
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(res.body.value.tables.every((t) => t.phase === 'unknown')).toBe(true);
  });

  it('answers unknown tables when nothing listens at the vendor address', async () => {
    await setHouseUrl('http://127.0.0.1:9/play/{game}');
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.body.value.tables.map((t) => t.phase)).toEqual(Array(5).fill('unknown'));
    const { port } = server.address() as AddressInfo;
    await setHouseUrl(`http://127.0.0.1:${port}/play/{game}`);
  });

  it('lists only the asked vendor and only the calling brand, and refuses a bad vendor code', async () => {
    expect((await get('?vassalage=BIG')).body.value.tables).toEqual([]);
    const bad = await get('?vassalage=%3Cscript%3E');
    expect(bad.status).toBe(400);
    expect(bad.body.success).toBe(false);
  });
});

describe('lobby parsing', () => {
  it('derives the lobby address from the launch URL', () => {
    expect(lobbyUrlOf('https://house.example.com/play/{game}')).toBe(
      'https://house.example.com/api/live/lobby',
    );
    expect(lobbyUrlOf('not a url')).toBeNull();
    expect(lobbyUrlOf('javascript:alert(1)')).toBeNull();
  });
  it('labels only results it understands', () => {
    expect(resultLabel({ hand: { winner: 'banker' } })).toBe('banker');
    expect(resultLabel({ hand: { winner: '<b>' } })).toBeNull();
    expect(resultLabel({ pocket: 37 })).toBeNull();
    expect(resultLabel({ dice: [1, 2] })).toBeNull();
    expect(resultLabel(null)).toBeNull();
  });
});
