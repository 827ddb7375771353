/**
 * Chases: one cart bet on the next N numeros of a game with a multiplier plan. The whole plan's
 * stake leaves the member's main wallet at once for the member's `lottery_hold` account; each
 * numero's order then moves its step's stake from the hold to the house. The first step goes on the
 * current numero when the chase is placed; the chase job places each further step on the game's
 * next numero still open once the previous numero is settled (or cancelled), so `winningStop` can
 * stop a chase after a winning numero and return the rest to the member, and `abandoning` stops it
 * when one of its numeros is cancelled. A member may stop a chase; a step whose order would cross a
 * liability cap is skipped and its stake returned.
 */
import type { SupportedLanguage } from '@lotus/contracts/languages';
import type { ChasePage, ChasePlan, ChaseQuery, LotteryChase } from '@lotus/contracts/lottery';
import { formatAmount } from '@lotus/contracts/money';
import type { Db } from '../../db/database.ts';
import type { Tx } from '../../db/executor.ts';
import { AppError, isAppError } from '../../http/app-error.ts';
import { BP, type ParsedCart } from './engine/index.ts';
import { brandLottery, type LotteryGameConfig, nameIn } from './game.service.ts';
import type { OddsSnapshot, SlipRow } from './lottery.tables.ts';
import { lotteryMoney, postTransfers, type Transfer } from './lottery-money.ts';
import {
  addExposure,
  hasFutureNumero,
  type NumeroRow,
  nextOpenNumero,
  releaseExposure,
  shareNumero,
} from './numero.repository.ts';
import {
  advanceChase,
  type ChaseRow,
  type ChaseStepRow,
  cancelPendingSteps,
  chaseSteps,
  chasesToAdvance,
  findMemberChase,
  insertOrder,
  listMemberChases,
  lockChase,
  setStep,
  stepsOfChases,
} from './order.repository.ts';
import { exposureOf } from './pricing.ts';

const MAX_MULTIPLE = 10_000n;

function refuse(): AppError {
  return new AppError('lottery_chase_invalid');
}

/**
 * The multiple of each numero of a plan: `same` (the start multiple every time), `double` (doubled
 * every `doubleEvery` numeros) or `profit` (the least multiple, never below the start, with which a
 * win at that numero covers everything staked so far plus `targetProfitPercent` of it; a win is
 * taken as one winning combination of the cart's best-paying slip).
 */
export function planMultiples(
  cart: ParsedCart,
  odds: OddsSnapshot,
  plan: Pick<ChasePlan, 'kind' | 'numeros' | 'startMultiple' | 'doubleEvery' | 'targetProfitPercent'>,
): bigint[] {
  const start = BigInt(plan.startMultiple ?? 1);
  const out: bigint[] = [];
  if (plan.kind === 'same') {
    for (let i = 0; i < plan.numeros; i++) out.push(start);
  } else if (plan.kind === 'double') {
    const every = plan.doubleEvery ?? 1;
    for (let i = 0; i < plan.numeros; i++) out.push(start * 2n ** BigInt(Math.floor(i / every)));
  } else {
    const percent = BigInt(plan.targetProfitPercent ?? 0);
    if (percent <= 0n) throw refuse();
    let win = 0n;
    for (const slip of cart.slips) {
      const best = Object.values(odds[String(slip.playType.id)] ?? {}).reduce(
        (a, b) => (BigInt(b) > a ? BigInt(b) : a),
        0n,
      );
      const perCombination = (slip.unitStake * slip.multiple * best) / BP;
      if (perCombination > win) win = perCombination;
    }
    const cost = cart.total;
    const denominator = 100n * win - cost * (100n + percent);
    if (denominator <= 0n) throw refuse();
    let spent = 0n;
    for (let i = 0; i < plan.numeros; i++) {
      const needed = (spent * (100n + percent) + denominator - 1n) / denominator;
      const multiple = needed > start ? needed : start;
      out.push(multiple);
      spent += cost * multiple;
    }
  }
  if (out.some((m) => m < 1n || m > MAX_MULTIPLE)) throw refuse();
  return out;
}

/** The base slips times a step's multiple. */
export function stepSlips(slips: readonly SlipRow[], multiple: bigint): SlipRow[] {
  return slips.map((row) => ({
    ...row,
    multiple: (BigInt(row.multiple) * multiple).toString(),
    amount: (BigInt(row.amount) * multiple).toString(),
  }));
}

export type ChaseContext = {
  brandId: string;
  currency: string;
  game: LotteryGameConfig;
  chase: Pick<
    ChaseRow,
    | 'id'
    | 'member_id'
    | 'prize_mode'
    | 'slips'
    | 'odds'
    | 'is_trial'
    | 'device'
    | 'wallet_account_id'
    | 'hold_account_id'
    | 'house_account_id'
  >;
};

/**
 * Places a chase step's order on an open numero (locked for share by the caller): the order row,
 * its exposure (refused over a cap: nothing of it stays) and the transfer of its stake from the
 * hold to the house, returned for the caller to post with its own.
 */
export async function placeChaseStep(
  db: Db,
  trx: Tx,
  ctx: ChaseContext,
  step: { index: number; multiple: bigint; amount: bigint },
  numero: NumeroRow,
  now: Date,
): Promise<{ orderId: string; transfer: Transfer } | { overCap: string; slipIndex: number | null }> {
  const { chase, game } = ctx;
  const slips = stepSlips(chase.slips, step.multiple);
  if (!chase.is_trial) {
    const config = await brandLottery(db, ctx.brandId);
    const exposure = exposureOf(config, game, slips, chase.odds);
    const over = await addExposure(trx, numero.id, exposure.deltas);
    if (over.length > 0) {
      const key = over[0] as string;
      await releaseExposure(
        trx,
        numero.id,
        exposure.deltas.filter((d) => !over.includes(d.key)),
      );
      return { overCap: key, slipIndex: exposure.slipOf.get(key) ?? null };
    }
  }
  const orderId = await insertOrder(trx, {
    brandId: ctx.brandId,
    memberId: chase.member_id,
    gameId: game.id,
    numeroId: numero.id,
    requestId: null,
    requestHash: '',
    chaseId: chase.id,
    chaseStep: step.index,
    prizeMode: chase.prize_mode,
    slips,
    odds: chase.odds,
    amount: step.amount,
    isTrial: chase.is_trial,
    device: chase.device,
    walletAccountId: chase.wallet_account_id,
    houseAccountId: chase.house_account_id,
    now,
  });
  if (!orderId) throw new Error(`lottery: chase ${chase.id} step ${step.index} placed twice`);
  await setStep(trx, chase.id, step.index, { status: 'placed', numeroId: numero.id, orderId });
  return {
    orderId,
    transfer: {
      key: `lottery:order:${orderId}:stake`,
      kind: 'lottery_chase_stake',
      reference: `lottery:order:${orderId}`,
      metadata: { orderId, chaseId: chase.id, memberId: chase.member_id },
      from: chase.hold_account_id,
      to: chase.house_account_id,
      amount: step.amount,
      stake: true,
    },
  };
}

/** Ends an active chase (locked by the caller): pending steps cancelled, their stake back to the member. */
async function stopChase(
  trx: Tx,
  brand: { id: string; currency: string },
  chase: ChaseRow,
  status: 'won_stopped' | 'abandoned' | 'cancelled' | 'completed',
  now: Date,
): Promise<bigint> {
  const rest = await cancelPendingSteps(trx, chase.id);
  if (rest > 0n) {
    await postTransfers(trx, brand.id, brand.currency, [
      {
        key: `lottery:chase:${chase.id}:return`,
        kind: 'lottery_chase_return',
        reference: `lottery:chase:${chase.id}`,
        metadata: { chaseId: chase.id, memberId: chase.member_id },
        from: chase.hold_account_id,
        to: chase.wallet_account_id,
        amount: rest,
      },
    ]);
  }
  await advanceChase(trx, chase.id, { status, returned: rest, endedAt: now });
  return rest;
}

type Brand = { id: string; currency: string };

/**
 * One chase's next move, under its row lock: stop it (a win with winningStop, a cancelled numero
 * with abandoning, its game suspended or gone), complete it, or place its next step on the game's
 * next open numero (a step over a liability cap is skipped and its stake returned). Answers whether
 * anything changed; a chase whose next numero does not exist yet waits for the next run.
 */
async function advanceOne(db: Db, chaseId: string, now: Date): Promise<boolean> {
  return lotteryMoney(db, async (trx) => {
    const chase = await lockChase(trx, chaseId);
    if (chase?.status !== 'active') return false;
    const config = await brandLottery(db, chase.brand_id);
    const game = config.games.get(chase.game_id);
    const brand = await brandOf(trx, chase.brand_id);
    const steps = await chaseSteps(trx, chase.id);
    const last: ChaseStepRow | undefined = chase.next_step > 0 ? steps[chase.next_step - 1] : undefined;
    if (last) {
      if (last.numero_status !== 'settled' && last.numero_status !== 'cancelled') return false;
      if (last.order_status === 'placed') return false;
      if (last.order_status === 'won' && chase.winning_stop) {
        await stopChase(trx, brand, chase, 'won_stopped', now);
        return true;
      }
      if (last.numero_status === 'cancelled' && chase.abandoning) {
        await stopChase(trx, brand, chase, 'abandoned', now);
        return true;
      }
    }
    if (chase.next_step >= chase.steps_count) {
      await stopChase(trx, brand, chase, 'completed', now);
      return true;
    }
    if (game?.status !== 'active' || !(await hasFutureNumero(trx, game.id, now))) {
      await stopChase(trx, brand, chase, 'cancelled', now);
      return true;
    }
    const next = await nextOpenNumero(trx, game.id, last?.draw_at ?? new Date(0), now);
    if (!next) return false;
    const locked = await shareNumero(trx, next.id);
    if (locked?.status !== 'open' || locked.close_at <= now) return false;
    const step = steps[chase.next_step] as ChaseStepRow;
    const placed = await placeChaseStep(
      db,
      trx,
      { brandId: chase.brand_id, currency: brand.currency, game, chase },
      { index: step.step, multiple: BigInt(step.multiple), amount: BigInt(step.amount) },
      locked,
      now,
    );
    if ('overCap' in placed) {
      await setStep(trx, chase.id, step.step, { status: 'skipped', numeroId: locked.id });
      await postTransfers(trx, brand.id, brand.currency, [
        {
          key: `lottery:chase:${chase.id}:step:${step.step}:return`,
          kind: 'lottery_chase_return',
          reference: `lottery:chase:${chase.id}`,
          metadata: { chaseId: chase.id, memberId: chase.member_id },
          from: chase.hold_account_id,
          to: chase.wallet_account_id,
          amount: BigInt(step.amount),
        },
      ]);
      await advanceChase(trx, chase.id, { nextStep: chase.next_step + 1, returned: BigInt(step.amount) });
      return true;
    }
    await postTransfers(trx, brand.id, brand.currency, [placed.transfer]);
    await advanceChase(trx, chase.id, { nextStep: chase.next_step + 1 });
    return true;
  });
}

async function brandOf(trx: Tx, brandId: string): Promise<Brand> {
  const row = await trx
    .selectFrom('brands')
    .select(['id', 'currency'])
    .where('id', '=', brandId)
    .executeTakeFirstOrThrow();
  return { id: row.id, currency: row.currency };
}

function isStakeGateRefusal(error: unknown): boolean {
  return isAppError(error) && (error.code === 'stake_refused' || error.code.startsWith('limit_'));
}

/**
 * The chase job: every chase whose last numero is over takes its next step (or ends). A step the
 * stake gate refuses (docs/limits.md) stays pending and is tried again by a later run.
 */
export async function advanceChases(db: Db, now: Date): Promise<number> {
  let changed = 0;
  for (;;) {
    const due = await chasesToAdvance(db, 200);
    let moved = 0;
    for (const { id } of due) {
      try {
        if (await advanceOne(db, id, now)) moved += 1;
      } catch (error) {
        // The stake gate refused the member's step (their own limit): nothing of it was kept; the
        // chase waits for a later run (the limit may free) and the other chases go on.
        if (!isStakeGateRefusal(error)) throw error;
      }
    }
    changed += moved;
    if (due.length < 200 || moved === 0) return changed;
  }
}

/** A member stops a chase: its numeros not yet placed are cancelled and their stake returned. */
export async function cancelChase(
  db: Db,
  brand: Brand,
  memberId: string,
  chaseId: string,
  now: Date = new Date(),
): Promise<void> {
  const owned = await findMemberChase(db, brand.id, memberId, chaseId);
  if (!owned) throw new AppError('lottery_chase_not_found');
  const stopped = await lotteryMoney(db, async (trx) => {
    const chase = await lockChase(trx, chaseId);
    if (chase?.status !== 'active') return false;
    await stopChase(trx, brand, chase, 'cancelled', now);
    return true;
  });
  if (!stopped) throw new AppError('lottery_chase_state_invalid');
}

export function toWireChase(chase: ChaseRow, steps: ChaseStepRow[], currency: string): LotteryChase {
  return {
    chaseId: chase.id,
    gameId: chase.game_id,
    plan: chase.plan as LotteryChase['plan'],
    status: chase.status as LotteryChase['status'],
    winningStop: chase.winning_stop,
    abandoning: chase.abandoning,
    totalAmount: formatAmount(chase.total_amount, currency),
    returnedAmount: formatAmount(chase.returned_amount, currency),
    steps: steps.map((s) => ({
      step: s.step,
      multiple: s.multiple,
      amount: formatAmount(s.amount, currency),
      numero: s.numero,
      orderId: s.order_id,
      status: s.status as LotteryChase['steps'][number]['status'],
    })),
    createdAt: chase.created_at.getTime(),
  };
}

/** A chase with its steps as the member sees it. */
export async function chaseView(db: Db, chase: ChaseRow, currency: string): Promise<LotteryChase> {
  return toWireChase(chase, await chaseSteps(db, chase.id), currency);
}

/**
 * `GET /lgw/orders/chase`: one page of the member's own chases (of this brand), newest first, each
 * with its steps and its game; optionally of one game and in one state.
 */
export async function memberChases(
  db: Db,
  brand: Brand,
  memberId: string,
  query: ChaseQuery,
  options: { language?: SupportedLanguage } = {},
): Promise<ChasePage> {
  const pageNo = query.page ?? 1;
  const size = query.size ?? 20;
  const { rows, total } = await listMemberChases(
    db,
    {
      brandId: brand.id,
      memberId,
      ...(query.gameId ? { gameId: query.gameId } : {}),
      ...(query.chasingStatus ? { status: query.chasingStatus } : {}),
    },
    size,
    (pageNo - 1) * size,
  );
  const steps = new Map<string, ChaseStepRow[]>();
  for (const step of await stepsOfChases(
    db,
    rows.map((r) => r.id),
  )) {
    const list = steps.get(step.chase_id);
    if (list) list.push(step);
    else steps.set(step.chase_id, [step]);
  }
  return {
    items: rows.map((row) => ({
      ...toWireChase(row, steps.get(row.id) ?? [], brand.currency),
      gameCode: row.game_code,
      gameName: nameIn({ en: row.name_en, ms: row.name_ms, cn: row.name_cn }, options.language ?? 'EN'),
      prizeMode: row.prize_mode,
      stepsCount: row.steps_count,
    })),
    total,
    page: pageNo,
    size,
  };
}
