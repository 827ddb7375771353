import type { Server as HttpServer } from 'node:http';
import { isUnavailableError } from '@lotus/server-common/unavailable';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { createClient } from 'redis';
import { Server, type Socket } from 'socket.io';
import type { VendorDb } from '../db/database.ts';
import { VendorError, type VendorErrorCode } from '../errors.ts';
import { quitWithin } from '../redis.ts';
import { sessionOf } from '../sessions.ts';
import type { LiveEmitter } from './context.ts';

/**
 * Realtime of the live tables: Socket.IO on the vendor's HTTP server (path `/live/socket.io`). With
 * HOUSE_VENDOR_REDIS_URL set, the Redis adapter carries every room's messages between the vendor's
 * processes (the process driving a table's clock emits; players connected to any process receive);
 * otherwise rooms are in-process. The rooms: `table:<id>` (phases, totals, results) and
 * `player:<table>:<brand>:<player>` (the player's own settlement, on every tab of that player).
 *
 * Joins are rate limited per client address and per player (rate-limiter-flexible, the platform's
 * limiter: counters in Redis when HOUSE_VENDOR_REDIS_URL is set, so every vendor process shares them,
 * with an in-process limiter standing in while Redis is away; in-process otherwise). A refused join
 * is answered `{ok: false, error: 'too_many_requests' satisfies VendorErrorCode, retryAfterMs}` and the `join_refused` event
 * with the same payload; a socket that keeps joining after 10 refusals is disconnected. The address
 * is counted before the session is even looked up, so a flood costs no database work.
 */

/** Joins allowed per window: per client address (shared by a NAT) and per player (all their tabs). */
export type JoinLimits = {
  perIp: { points: number; seconds: number };
  perPlayer: { points: number; seconds: number };
};

export const DEFAULT_JOIN_LIMITS: JoinLimits = {
  perIp: { points: 300, seconds: 60 },
  perPlayer: { points: 30, seconds: 60 },
};

/** Refused joins a socket may collect before it is disconnected. */
const REFUSALS_BEFORE_DISCONNECT = 10;

class JoinRefused extends Error {
  readonly retryAfterMs: number;
  constructor(retryAfterMs: number) {
    super('too_many_requests');
    this.retryAfterMs = retryAfterMs;
  }
}

export const SOCKET_PATH = '/live/socket.io';

export type Realtime = {
  io: Server;
  emitter: LiveEmitter;
  /** Disconnects every socket of the player, on every vendor process (through the Redis adapter). */
  endPlayer(brand: string, player: string): void;
  close(): Promise<void>;
};

/** The client's address as the socket's TCP peer (the vendor is reached directly, no proxy header). */
function addressOf(socket: Socket): string {
  return socket.handshake.address || 'unknown';
}

const tableRoom = (table: string) => `table:${table}`;
const playerRoom = (table: string, brand: string, player: string) => `player:${table}:${brand}:${player}`;
/** Every socket of one player at any table (the platform's player-ended notice closes them). */
const memberRoom = (brand: string, player: string) => `member:${brand}:${player}`;

/** The emitter exists before the server: the engine needs it, the join handler needs the engine. */
export function createRealtime(
  server: HttpServer,
  log: FastifyBaseLogger,
): Realtime & {
  onJoin(handler: (session: Awaited<ReturnType<typeof sessionOf>>, table: string) => Promise<unknown>): void;
  attach(db: VendorDb, redisUrl: string | null, redisKey?: string, limits?: JoinLimits): Promise<void>;
} {
  const io = new Server(server, {
    path: SOCKET_PATH,
    serveClient: false,
    maxHttpBufferSize: 16 * 1024,
    // Same-origin pages only (the game page is served by the vendor itself).
    cors: undefined,
  });
  let join: ((session: Awaited<ReturnType<typeof sessionOf>>, table: string) => Promise<unknown>) | null =
    null;
  const redis: { quit(): Promise<unknown>; destroy(): void }[] = [];
  const emitter: LiveEmitter = {
    toTable: (table, event, payload) => {
      io.to(tableRoom(table)).emit(event, payload);
    },
    toPlayer: (table, brand, player, event, payload) => {
      io.to(playerRoom(table, brand, player)).emit(event, payload);
    },
  };
  return {
    io,
    emitter,
    endPlayer(brand, player) {
      io.in(memberRoom(brand, player)).emit('player_ended', {});
      io.in(memberRoom(brand, player)).disconnectSockets(true);
    },
    onJoin(handler) {
      join = handler;
    },
    async attach(db, redisUrl, redisKey = 'house-vendor-live', limits = DEFAULT_JOIN_LIMITS) {
      let store: ReturnType<typeof createClient> | null = null;
      if (redisUrl) {
        const pub = createClient({ url: redisUrl });
        const sub = pub.duplicate();
        store = pub.duplicate();
        pub.on('error', (error) => log.error({ err: error }, 'redis (publish) error'));
        sub.on('error', (error) => log.error({ err: error }, 'redis (subscribe) error'));
        store.on('error', (error) => log.error({ err: error }, 'redis (rate limits) error'));
        await Promise.all([pub.connect(), sub.connect(), store.connect()]);
        redis.push(pub, sub, store);
        io.adapter(createAdapter(pub, sub, { key: redisKey }));
      }
      const limiter = (name: string, rule: { points: number; seconds: number }): RateLimiterAbstract => {
        const common = { keyPrefix: `${redisKey}:join-${name}`, points: rule.points, duration: rule.seconds };
        return store
          ? new RateLimiterRedis({
              ...common,
              storeClient: store,
              useRedisPackage: true,
              // A Redis outage must not lock every player out: the in-process limiter takes over.
              insuranceLimiter: new RateLimiterMemory(common),
            })
          : new RateLimiterMemory(common);
      };
      const perIp = limiter('ip', limits.perIp);
      const perPlayer = limiter('player', limits.perPlayer);
      const consume = async (rule: RateLimiterAbstract, key: string) => {
        try {
          await rule.consume(key);
        } catch (error) {
          if (error instanceof RateLimiterRes) throw new JoinRefused(error.msBeforeNext);
          throw error;
        }
      };
      io.on('connection', (socket) => {
        const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
        let refusals = 0;
        socket.on('join', async (input: unknown, ack: unknown) => {
          const reply = typeof ack === 'function' ? (ack as (answer: unknown) => void) : () => {};
          try {
            await consume(perIp, addressOf(socket));
            const table = (input as { table?: unknown } | null)?.table;
            if (typeof table !== 'string' || !/^[a-z0-9-]{1,40}$/.test(table))
              throw new VendorError('table_unknown');
            const session = await sessionOf(db, typeof token === 'string' ? token : undefined);
            await consume(perPlayer, `${session.brand}:${session.playerId}`);
            if (!join) throw new VendorError('internal_error');
            const state = await join(session, table);
            for (const room of socket.rooms) if (room !== socket.id) await socket.leave(room);
            await socket.join([
              tableRoom(table),
              playerRoom(table, session.brand, session.playerId),
              memberRoom(session.brand, session.playerId),
            ]);
            reply({ ok: true, ...(state as object) });
          } catch (error) {
            if (error instanceof JoinRefused) {
              const refused = {
                ok: false,
                error: 'too_many_requests' satisfies VendorErrorCode,
                retryAfterMs: Math.max(1, Math.ceil(error.retryAfterMs)),
              };
              socket.emit('join_refused', refused);
              reply(refused);
              refusals += 1;
              if (refusals >= REFUSALS_BEFORE_DISCONNECT) {
                log.warn({ address: addressOf(socket) }, 'live socket disconnected: too many refused joins');
                socket.disconnect(true);
              }
              return;
            }
            // A database that cannot be reached right now: the page joins again after a moment.
            const code: VendorErrorCode =
              error instanceof VendorError
                ? error.code
                : isUnavailableError(error)
                  ? 'service_unavailable'
                  : 'internal_error';
            if (code === 'service_unavailable')
              log.warn({ err: error }, 'live join failed: database unavailable');
            else if (!(error instanceof VendorError)) log.error({ err: error }, 'live join failed');
            reply({ ok: false, error: code });
          }
        });
        socket.on('leave', async () => {
          for (const room of socket.rooms) if (room !== socket.id) await socket.leave(room);
        });
      });
    },
    async close() {
      io.local.disconnectSockets(true);
      io.engine.close();
      // A Redis away at shutdown must not hold the stop: QUIT waits at most a second, then the
      // connection is dropped.
      await Promise.all(redis.map((client) => quitWithin(client, 1_000)));
    },
  };
}
