import { type ErrorCode, errorMessage } from '@lotus/contracts/errors';
import type {
  SeamlessBatchItem,
  SeamlessBatchItemAnswer,
  SeamlessBatchRequest,
} from '@lotus/contracts/seamless';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import {
  type SeamlessOutcome,
  type SeamlessVendor,
  seamlessBet,
  seamlessBetWin,
  seamlessRollback,
  seamlessRoundEnd,
  seamlessWin,
} from './seamless.service.ts';

/**
 * How many rounds of one batch run at once: each item is one statement on one pool connection, so a
 * batch holds at most this many of the pool's connections (the pool is 10; two batches in flight
 * leave the single calls room).
 */
export const BATCH_PARALLEL_ROUNDS = 4;

/** The key an item is idempotent by: its transaction id, a roundEnd its round. */
function itemKey(item: SeamlessBatchItem): string {
  return item.call === 'roundEnd' ? `roundEnd|${item.roundId}` : `tx|${item.transactionId}`;
}

/**
 * A transaction id (or a roundEnd's round) twice in one batch is refused as a whole before anything
 * runs: the two would race for one idempotency key and one of them would answer a mismatch or the
 * other's answer, which the vendor could not tell apart from its own replay.
 */
function refuseDuplicates(items: readonly SeamlessBatchItem[]): void {
  const seen = new Set<string>();
  const fieldErrors: Record<string, string> = {};
  items.forEach((item, i) => {
    const key = itemKey(item);
    if (seen.has(key))
      fieldErrors[`items.${i}.${item.call === 'roundEnd' ? 'roundId' : 'transactionId'}`] =
        'errors.request_param_err';
    seen.add(key);
  });
  if (Object.keys(fieldErrors).length > 0) throw new AppError('request_param_err', { fieldErrors });
}

/** One money item through the very single call it stands for (same service function, same rules). */
function runItem(
  db: Db,
  v: SeamlessVendor,
  item: Exclude<SeamlessBatchItem, { call: 'roundEnd' }>,
): Promise<SeamlessOutcome> {
  const vendor = v.code;
  switch (item.call) {
    case 'bet':
      return seamlessBet(db, v, { vendor, ...withoutCall(item) });
    case 'win':
      return seamlessWin(db, v, { vendor, ...withoutCall(item) });
    case 'rollback':
      return seamlessRollback(db, v, { vendor, ...withoutCall(item) });
    case 'betWin':
      return seamlessBetWin(db, v, { vendor, ...withoutCall(item) });
  }
}

/**
 * Applies a batch: every item on its own (its own statement and transaction, idempotent by its own
 * transaction id), its answer or its catalogue refusal kept in its place. Items of one round run in
 * the order given, rounds up to BATCH_PARALLEL_ROUNDS at once. An unexpected failure (the database
 * gone) fails the whole request (HTTP 500): what was applied stays applied, and the vendor's repeat
 * of the same batch answers those items with their original answers and applies the rest.
 */
export async function seamlessBatch(
  db: Db,
  v: SeamlessVendor,
  req: SeamlessBatchRequest,
  language: string | undefined,
): Promise<SeamlessBatchItemAnswer[]> {
  refuseDuplicates(req.items);
  const answers: SeamlessBatchItemAnswer[] = new Array(req.items.length);
  const rounds = new Map<string, number[]>();
  req.items.forEach((item, i) => {
    const list = rounds.get(item.roundId);
    if (list) list.push(i);
    else rounds.set(item.roundId, [i]);
  });
  const answerOf = (item: SeamlessBatchItem, outcome: SeamlessOutcome): SeamlessBatchItemAnswer => ({
    call: item.call,
    transactionId: item.call === 'roundEnd' ? null : item.transactionId,
    roundId: item.roundId,
    success: outcome.success,
    errorCode: outcome.errorCode,
    message: outcome.errorCode ? errorMessage(outcome.errorCode as ErrorCode, language) : '',
    value: outcome.value,
  });
  const runRound = async (indexes: number[]) => {
    let busy = false;
    for (const i of indexes) {
      const item = req.items[i] as SeamlessBatchItem;
      // An earlier item of this round was not applied (temporary): the later ones depend on it (a
      // roundEnd after its win) and are not run either; the vendor sends them again after it.
      if (busy) {
        answers[i] = answerOf(item, { success: false, errorCode: 'wallet_busy', value: null });
        continue;
      }
      try {
        if (item.call === 'roundEnd') {
          const round = await seamlessRoundEnd(db, v, { vendor: v.code, ...withoutCall(item) });
          answers[i] = { ...answerOf(item, { success: true, errorCode: '', value: null }), value: round };
        } else {
          answers[i] = answerOf(item, await runItem(db, v, item));
        }
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        busy = error.code === 'wallet_busy';
        answers[i] = answerOf(item, { success: false, errorCode: error.code, value: null });
      }
    }
  };
  const groups = [...rounds.values()];
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (next < groups.length && !failed) {
      const group = groups[next] as number[];
      next += 1;
      try {
        await runRound(group);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(BATCH_PARALLEL_ROUNDS, groups.length) }, worker));
  return answers;
}

function withoutCall<T extends { call: string }>(item: T): Omit<T, 'call'> {
  const { call: _, ...rest } = item;
  return rest;
}
