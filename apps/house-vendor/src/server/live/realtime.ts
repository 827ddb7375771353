import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';
import { Server } from 'socket.io';
import type { VendorDb } from '../db/database.ts';
import { VendorError } from '../errors.ts';
import { sessionOf } from '../sessions.ts';
import type { LiveEmitter } from './engine.ts';

/**
 * Realtime of the live tables: Socket.IO on the vendor's HTTP server (path `/live/socket.io`). With
 * HOUSE_VENDOR_REDIS_URL set, the Redis adapter carries every room's messages between the vendor's
 * processes (the process driving a table's clock emits; players connected to any process receive);
 * otherwise rooms are in-process. The rooms: `table:<id>` (phases, totals, results) and
 * `player:<table>:<brand>:<player>` (the player's own settlement, on every tab of that player).
 */

export const SOCKET_PATH = '/live/socket.io';

export type Realtime = {
  io: Server;
  emitter: LiveEmitter;
  close(): Promise<void>;
};

const tableRoom = (table: string) => `table:${table}`;
const playerRoom = (table: string, brand: string, player: string) => `player:${table}:${brand}:${player}`;

/** The emitter exists before the server: the engine needs it, the join handler needs the engine. */
export function createRealtime(
  server: HttpServer,
  log: FastifyBaseLogger,
): Realtime & {
  onJoin(handler: (session: Awaited<ReturnType<typeof sessionOf>>, table: string) => Promise<unknown>): void;
  attach(db: VendorDb, redisUrl: string | null, redisKey?: string): Promise<void>;
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
  const redis: { quit(): Promise<unknown> }[] = [];
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
    onJoin(handler) {
      join = handler;
    },
    async attach(db, redisUrl, redisKey = 'house-vendor-live') {
      if (redisUrl) {
        const pub = createClient({ url: redisUrl });
        const sub = pub.duplicate();
        pub.on('error', (error) => log.error({ err: error }, 'redis (publish) error'));
        sub.on('error', (error) => log.error({ err: error }, 'redis (subscribe) error'));
        await Promise.all([pub.connect(), sub.connect()]);
        redis.push(pub, sub);
        io.adapter(createAdapter(pub, sub, { key: redisKey }));
      }
      io.on('connection', (socket) => {
        const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
        socket.on('join', async (input: unknown, ack: unknown) => {
          const reply = typeof ack === 'function' ? (ack as (answer: unknown) => void) : () => {};
          try {
            const table = (input as { table?: unknown } | null)?.table;
            if (typeof table !== 'string' || !/^[a-z0-9-]{1,40}$/.test(table))
              throw new VendorError('table_unknown');
            const session = await sessionOf(db, typeof token === 'string' ? token : undefined);
            if (!join) throw new VendorError('internal_error');
            const state = await join(session, table);
            for (const room of socket.rooms) if (room !== socket.id) await socket.leave(room);
            await socket.join([tableRoom(table), playerRoom(table, session.brand, session.playerId)]);
            reply({ ok: true, ...(state as object) });
          } catch (error) {
            const code = error instanceof VendorError ? error.code : 'internal_error';
            if (!(error instanceof VendorError)) log.error({ err: error }, 'live join failed');
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
      await Promise.all(redis.map((client) => client.quit().catch(() => {})));
    },
  };
}
