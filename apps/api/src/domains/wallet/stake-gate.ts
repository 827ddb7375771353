import type { Executor } from '../../db/executor.ts';
import { AppError } from '../../http/app-error.ts';
import { stakeOpenForExclusion } from '../exclusion/exclusion.service.ts';

/**
 * The stake gate (docs/money-posting.md): the one question every posting primitive asks before a
 * stake posts, "may this member stake this amount now?". The TypeScript primitives (postEntry,
 * postBatch in ledger.service.ts) ask `askStakeGate` for each entry marked as a stake and claimed
 * now; the PL/pgSQL one (seamless_post) asks its twin `wallet_stake_gate` (sql/wallet_stake_gate.sql)
 * for every call that takes a stake. Responsible-gaming loss and wager limits, self-exclusion and
 * trial rules plug in here and there, and nowhere else. Today both answer yes.
 */
export type StakeAsk = {
  brandId: string;
  memberId: string;
  /** Minor units, > 0. */
  amount: bigint;
  /** The journal entry's kind (its owner declares product and category). */
  kind: string;
};

/** Answers whether the stake may post; runs inside the posting's transaction. */
export type StakeGate = (executor: Executor, ask: StakeAsk) => boolean | Promise<boolean>;

const OPEN: StakeGate = () => true;
let gate: StakeGate = OPEN;

/** Throws stake_refused unless the gate lets this stake post (the transaction must then roll back). */
export async function askStakeGate(executor: Executor, ask: StakeAsk): Promise<void> {
  if (!(await gate(executor, ask)) || !(await stakeOpenForExclusion(executor, ask)))
    throw new AppError('stake_refused');
}

/**
 * Tests only: replaces the gate (null restores the open one), to prove that every product's stake
 * passes through it. Refused outside a Vitest run, so production cannot switch it by accident.
 */
export function replaceStakeGateForTests(next: StakeGate | null): void {
  if (!process.env.VITEST) throw new Error('the stake gate is replaced by tests only');
  gate = next ?? OPEN;
}
