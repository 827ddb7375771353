import type { RefusalDetail } from '@lotus/contracts/envelope';
import { type ErrorCode, isErrorCode } from '@lotus/contracts/errors';
import { formatAmount } from '@lotus/contracts/money';
import type { Executor } from '../../db/executor.ts';
import { AppError } from '../../http/app-error.ts';
import { exclusionStakeCheck } from '../exclusion/exclusion-stake-check.ts';
import { kycStakeCheck } from '../kyc/kyc-stake-check.ts';
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

/** A check's refusal: a catalogue code (a limit's names the limit) and the answer's `detail`. */
export type StakeRefusal = { code: ErrorCode; detail: RefusalDetail | null };

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
  /** Null, or the refusal as its SQL twin answers it (`{code, currency?, ...detail}`, see refusalFromSql). */
  check: (executor: Executor, asks: readonly StakeAsk[]) => Promise<Record<string, unknown> | null>;
};

/**
 * THE list of checks, asked in this order; the first refusal wins. Its PL/pgSQL twin is the body of
 * wallet_stake_gate (sql/wallet_stake_gate.sql), which calls each domain's `<domain>_stake_check`
 * function in the same order: a new check adds its entry here and its call there.
 */
export const STAKE_CHECKS: readonly StakeCheck[] = [exclusionStakeCheck, kycStakeCheck, limitsStakeCheck];

/** Detail fields of a refusal that are amounts: minor units in the SQL refusal, decimals on the wire. */
const AMOUNT_FIELDS = new Set(['limit', 'used', 'remaining']);

/**
 * A refusal as a check's SQL function answers it (the PL/pgSQL gate's protocol: jsonb
 * `{"code", "currency"?, ...detail}`, amounts of AMOUNT_FIELDS in minor units as text), made the
 * catalogue code and the wire detail (amounts in `currency`'s decimals). Null: no refusal. An
 * unknown code is stake_refused.
 */
export function refusalFromSql(raw: unknown, currency?: string): StakeRefusal | null {
  const value = typeof raw === 'string' ? safeJson(raw) : raw;
  if (!value || typeof value !== 'object') return null;
  const { code, currency: own, ...fields } = value as Record<string, unknown>;
  const money = typeof own === 'string' ? own : currency;
  const detail: RefusalDetail = {};
  for (const [key, field] of Object.entries(fields)) {
    if (AMOUNT_FIELDS.has(key) && typeof field === 'string' && /^-?\d{1,19}$/.test(field) && money) {
      detail[key] = formatAmount(BigInt(field), money);
    } else if (
      typeof field === 'string' ||
      field === null ||
      (typeof field === 'number' && Number.isInteger(field))
    ) {
      detail[key] = field;
    }
  }
  return {
    code: isErrorCode(code) ? code : 'stake_refused',
    detail: Object.keys(detail).length > 0 ? detail : null,
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

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
  if (testGate)
    for (const ask of list) if (!(await testGate(executor, ask))) throw new AppError('stake_refused');
  for (const check of STAKE_CHECKS) {
    const refusal = refusalFromSql(await check.check(executor, list));
    if (refusal) throw new AppError(refusal.code, refusal.detail ? { detail: refusal.detail } : {});
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
