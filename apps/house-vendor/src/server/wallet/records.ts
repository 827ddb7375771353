import type { FastifyBaseLogger } from 'fastify';
import type { Insertable } from 'kysely';
import type { VendorDb } from '../db/database.ts';
import type { WalletCallsTable } from '../db/schema.ts';
import type { WalletCallRecord } from './client.ts';

/** One attempt as its `wallet_calls` row (also written by a round's transition, slots/repository.ts). */
export function walletCallRow(entry: WalletCallRecord): Insertable<WalletCallsTable> {
  return {
    round_id: entry.roundId,
    brand: entry.brand,
    call: entry.call,
    transaction_id: entry.transactionId,
    attempt: entry.attempt,
    request: entry.request,
    http_status: entry.httpStatus,
    response: entry.response,
    error: entry.error,
    duration_ms: entry.durationMs,
  };
}

/**
 * Keeps one attempt of a wallet call in `wallet_calls` (the request with the player token blanked,
 * HTTP status, answer or error, duration); a record that cannot be written is logged, never thrown
 * (the call's answer counts, not its record). An unanswered attempt is also logged as a warning.
 */
export async function recordWalletCall(
  db: VendorDb,
  log: FastifyBaseLogger,
  entry: WalletCallRecord,
): Promise<void> {
  try {
    await db.insertInto('wallet_calls').values(walletCallRow(entry)).execute();
  } catch (error) {
    log.error({ err: error, call: entry.call, round: entry.roundId }, 'could not record a wallet call');
  }
  if (entry.error)
    log.warn({ call: entry.call, round: entry.roundId, error: entry.error }, 'wallet call unanswered');
}

/** Several attempts' records in one statement (a batch's items), logged and never thrown like one. */
export async function recordWalletCalls(
  db: VendorDb,
  log: FastifyBaseLogger,
  entries: readonly WalletCallRecord[],
): Promise<void> {
  if (entries.length === 0) return;
  try {
    await db.insertInto('wallet_calls').values(entries.map(walletCallRow)).execute();
  } catch (error) {
    log.error({ err: error, calls: entries.length }, 'could not record wallet calls');
  }
}
