import type { ErrorCode } from '@lotus/contracts/errors';
import type { Executor } from '../../db/executor.ts';
import { AppError } from '../../http/app-error.ts';
import { limitsStakeCheck } from '../limits/limits-stake-check.ts';

/**
 * The stake gate (docs/money-posting.md): the one question every posting primitive asks before a
 * stake posts, "may this member stake this amount now?". The TypeScript primitives (postEntry,
 * postBatch in ledger.service.ts) ask `askStakeGate` with the stakes of the entry or batch claimed
 * now; the PL/pgSQL one (seamless_post) asks its twin `wallet_stake_gate` (sql/wallet_stake_gate.sql)
 * for every call that takes a stake. Both run the same list of checks, each owned by its domain.
 */
export type StakeAsk = {
  brandId: string;
  memberId: string;
  /** Minor units, > 0. */
  amount: bigint;
  /** The journal entry's kind (its owner declares product and category). */
  kind: string;
};

/** A check's refusal: a catalogue code (a limit's names the limit) and the answer's value. */
export type StakeRefusal = { code: ErrorCode; value: unknown };

/**
 * One domain's check. It runs inside the posting's transaction before any balance moves, receives
 * every stake of the entry or batch (several members, several stakes of one member: it weighs them
 * together) and answers null or its refusal. A check that counts earlier stakes serialises the
 * member's parallel stakes itself (the limits lock the member's limit rows). A member the check does
 * not concern must cost at most one indexed lookup for the whole batch.
 */
export type StakeCheck = {
  /** The owning domain. */
  owner: string;
  check: (executor: Executor, asks: readonly StakeAsk[]) => Promise<StakeRefusal | null>;
};

/**
 * THE list of checks, asked in this order; the first refusal wins. Its PL/pgSQL twin is the body of
 * wallet_stake_gate (sql/wallet_stake_gate.sql), which calls each domain's `<domain>_stake_check`
 * function in the same order: a new check adds its entry here and its call there.
 */
export const STAKE_CHECKS: readonly StakeCheck[] = [limitsStakeCheck];

/** A test's stand-in gate (replaceStakeGateForTests): asked before the checks, per stake. */
export type StakeGate = (executor: Executor, ask: StakeAsk) => boolean | Promise<boolean>;
let testGate: StakeGate | null = null;

/**
 * Throws the first refusal of the checks (a limit's code and value, or stake_refused) unless every
 * check lets these stakes post (the transaction must then roll back).
 */
export async function askStakeGate(executor: Executor, asks: StakeAsk | readonly StakeAsk[]): Promise<void> {
  const list: readonly StakeAsk[] = Array.isArray(asks) ? asks : [asks as StakeAsk];
  if (list.length === 0) return;
  if (testGate) for (const ask of list) if (!(await testGate(executor, ask))) throw new AppError('stake_refused');
  for (const check of STAKE_CHECKS) {
    const refusal = await check.check(executor, list);
    if (refusal) throw new AppError(refusal.code, { value: refusal.value });
  }
}

/**
 * Tests only: adds a gate asked before the checks (null removes it), to prove that every product's
 * stake passes through the gate. Refused outside a Vitest run, so production cannot switch it by accident.
 */
export function replaceStakeGateForTests(next: StakeGate | null): void {
  if (!process.env.VITEST) throw new Error('the stake gate is replaced by tests only');
  testGate = next;
}
