import type { FastifyBaseLogger } from 'fastify';
import type { VendorDb } from '../db/database.ts';
import type { WalletClient } from '../wallet/client.ts';
import type { LiveRepository } from './repository.ts';
import type { LiveTableDef } from './tables.ts';

/** What the live tables tell the players (realtime.ts: Socket.IO rooms). */
export type LiveEmitter = {
  toTable(tableId: string, event: string, payload: unknown): void;
  toPlayer(tableId: string, brand: string, playerId: string, event: string, payload: unknown): void;
};

export type LiveDeps = {
  db: VendorDb;
  wallet: WalletClient;
  log: FastifyBaseLogger;
  tables: readonly LiveTableDef[];
  /** Tables whose clock this process may drive. */
  drive: ReadonlySet<string>;
  leaseMs: number;
  /** How long a placement may wait for the wallet before the settlement rolls it back. */
  placingGraceMs: number;
  /** Seats of one round settled at once (wallet win + roundEnd in flight together). */
  settleConcurrency: number;
  /** Seats per signed batch of the settlement's wallet calls (settle-batch.ts). */
  settleBatchSeats: number;
  emitter: LiveEmitter;
};

/** What the clock, the seats and the settlement share (engine.ts builds it). */
export type LiveContext = {
  deps: LiveDeps;
  repo: LiveRepository;
  /** This process, as the owner of the table leases it holds. */
  owner: string;
  table(id: string): LiveTableDef;
  /** The engine stopped, or the wallet client closed (a vendor stopping). */
  stoppedOrClosed(): boolean;
};

/** Writes of a bet's wallet answer tried (the database lost meanwhile), and the wait before the next. */
export const BET_WRITE_ATTEMPTS = 4;
export const BET_WRITE_RETRY_MS = 100;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
