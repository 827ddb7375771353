import { type ChasePlan, type GamePlays, LOTTERY_RULES } from '@lotus/contracts/lottery';
import type { Slip } from './slip.ts';

/**
 * The chase planner's arithmetic, the same as the API's `planMultiples` (chase.service.ts): the
 * multiple of each numero of a plan, each step's cost and the plan's total, in integer minor units
 * (never a float). The server computes the plan again and refuses one it cannot hold
 * (`lottery_chase_invalid`); this shows the member the plan and its cost before placing.
 */

/** Odds are basis points of the stake: 10,000 = 1x. */
const BP = 10_000n;
const MAX_MULTIPLE = BigInt(LOTTERY_RULES.maxChaseMultiple);
export const MIN_CHASE_NUMEROS = 2;
export const MAX_CHASE_NUMEROS = LOTTERY_RULES.maxChaseNumeros;

export type ChaseInput = {
  kind: ChasePlan['kind'];
  numeros: number;
  startMultiple: number;
  doubleEvery: number;
  targetProfitPercent: number;
};

export type ChaseStepPlan = { step: number; multiple: bigint; amount: bigint };

export type ChasePlanResult =
  | { ok: true; steps: ChaseStepPlan[]; total: bigint }
  | { ok: false; reason: 'numeros' | 'unreachable' | 'multiple' | 'slip-limit' | 'order-limit' };

/** A slip's best odds (basis points) in the game's play list, 0 when the play is unknown. */
function bestOdds(plays: GamePlays, playId: number): bigint {
  const play = plays.plays.find((p) => p.playId === playId);
  return (play?.odds ?? []).reduce((best, tier) => {
    const odds = BigInt(tier.odds);
    return odds > best ? odds : best;
  }, 0n);
}

/**
 * The multiples of a plan: `same` (the start multiple every time), `double` (doubled every
 * `doubleEvery` numeros) or `profit` (the least multiple, never below the start, with which one
 * winning combination of the cart's best-paying slip covers everything staked so far plus the
 * target percent of it).
 */
export function planMultiples(slips: readonly Slip[], plays: GamePlays, input: ChaseInput): bigint[] | null {
  const start = BigInt(input.startMultiple);
  const out: bigint[] = [];
  if (input.kind === 'same') {
    for (let i = 0; i < input.numeros; i++) out.push(start);
  } else if (input.kind === 'double') {
    const every = Math.max(1, input.doubleEvery);
    for (let i = 0; i < input.numeros; i++) out.push(start * 2n ** BigInt(Math.floor(i / every)));
  } else {
    const percent = BigInt(input.targetProfitPercent);
    if (percent <= 0n) return null;
    let win = 0n;
    for (const slip of slips) {
      const perCombination = (slip.unit * slip.multiple * bestOdds(plays, slip.playId)) / BP;
      if (perCombination > win) win = perCombination;
    }
    const cost = slips.reduce((sum, slip) => sum + slip.amount, 0n);
    const denominator = 100n * win - cost * (100n + percent);
    if (denominator <= 0n) return null;
    let spent = 0n;
    for (let i = 0; i < input.numeros; i++) {
      const needed = (spent * (100n + percent) + denominator - 1n) / denominator;
      const multiple = needed > start ? needed : start;
      out.push(multiple);
      spent += cost * multiple;
    }
  }
  return out;
}

/** The plan with each step's cost and the total, or why it cannot be placed. */
export function planChase(
  slips: readonly Slip[],
  plays: GamePlays,
  input: ChaseInput,
  limits: { maxOrder: bigint; maxSlip: (playId: number) => bigint },
): ChasePlanResult {
  if (
    !Number.isInteger(input.numeros) ||
    input.numeros < MIN_CHASE_NUMEROS ||
    input.numeros > MAX_CHASE_NUMEROS
  )
    return { ok: false, reason: 'numeros' };
  if (!Number.isInteger(input.startMultiple) || input.startMultiple < 1)
    return { ok: false, reason: 'multiple' };
  const multiples = planMultiples(slips, plays, input);
  if (!multiples) return { ok: false, reason: 'unreachable' };
  if (multiples.some((multiple) => multiple < 1n || multiple > MAX_MULTIPLE))
    return { ok: false, reason: 'multiple' };
  const cart = slips.reduce((sum, slip) => sum + slip.amount, 0n);
  const steps: ChaseStepPlan[] = [];
  let total = 0n;
  for (const [index, multiple] of multiples.entries()) {
    if (slips.some((slip) => slip.amount * multiple > limits.maxSlip(slip.playId)))
      return { ok: false, reason: 'slip-limit' };
    const amount = cart * multiple;
    if (amount > limits.maxOrder) return { ok: false, reason: 'order-limit' };
    steps.push({ step: index + 1, multiple, amount });
    total += amount;
  }
  return { ok: true, steps, total };
}

/** The wire `chase` field of a plan. */
export function chaseField(input: ChaseInput): ChasePlan {
  return {
    kind: input.kind,
    numeros: input.numeros,
    startMultiple: input.startMultiple,
    ...(input.kind === 'double' ? { doubleEvery: input.doubleEvery } : {}),
    ...(input.kind === 'profit' ? { targetProfitPercent: input.targetProfitPercent } : {}),
  };
}
