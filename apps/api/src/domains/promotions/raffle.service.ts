import { randomBytes } from 'node:crypto';
import { formatAmount, MAX_MINOR, parseAmount } from '@lotus/contracts/money';
import type {
  AdminPromotion,
  RaffleClaimBody,
  RaffleDraw,
  RaffleFairness,
  RafflePrizeInput,
  RafflePrizeKind,
} from '@lotus/contracts/promotions';
import type { Db } from '../../db/database.ts';
import type { Executor, Tx } from '../../db/executor.ts';
import { AppError } from '../../http/app-error.ts';
import { hmacHex, sha256Hex } from '../../lib/hashing.ts';
import { pickText } from '../../lib/localised.ts';
import { creditPromotionPoints } from '../points/points.service.ts';
import { moneyTransaction } from '../wallet/ledger.service.ts';
import { findPromotion, findRecord, moveRecord } from './promotions.repository.ts';
import {
  type PromoBrand,
  type PromoMember,
  payBonus,
  vipRuleHolds,
  wageringOf,
} from './promotions.service.ts';
import {
  countDraws,
  findRaffle,
  insertDraw,
  insertRaffle,
  lockPrizes,
  type NewPrize,
  type PrizeRow,
  prizesOf,
  replacePrizes,
  takePrize,
} from './raffle.repository.ts';
import { creditedState } from './wagering-state.ts';

/**
 * Raffle promotions (issue 15, `MCS2_claimRafflePromotion`). A promotion of reward kind `raffle`
 * gives tickets (the members' records, applied for like any promotion). Provably fair:
 * - when the promotion is made a server seed (32 random bytes, hex) is drawn and its SHA-256 is
 *   published at once (promoDetail); the seed itself is shown once the promotion has ended;
 * - a ticket's roll is HMAC-SHA256(key = the seed's hex text, message = `<ticket id>:<client seed>`)
 *   in hex; the member may send the client seed (default: empty);
 * - the first 13 hex digits of the roll (52 bits) modulo the sum of the weights of the prizes in
 *   stock at the draw (in the builder's order) fall into one prize's range of running sums.
 * The draw row keeps the client seed, the roll and the prizes in stock, so anyone can check every
 * draw with the revealed seed. A ticket is drawn once: the conditional move issued -> claimed (or
 * process) and the draw row (primary key: the ticket) commit with the prize's stock and the payment,
 * and the prizes' rows are locked first, so parallel draws of one raffle queue and stock stays exact.
 */

const TRIAL = 4;
/** The largest points prize (the migration's check). */
const MAX_PRIZE_POINTS = 999_999_999_999n;
const DAY_MS = 86_400_000;

/** The roll of a ticket: HMAC-SHA256(seed, `<ticket>:<clientSeed>`) in hex. */
export function rollOf(serverSeed: string, ticket: string, clientSeed: string): string {
  return hmacHex(serverSeed, `${ticket}:${clientSeed}`);
}

/** The prize a roll picks among the available ones (running sums of the weights), or null when none. */
export function pickPrize(
  roll: string,
  available: readonly { prizeId: string; weight: number }[],
): string | null {
  const total = available.reduce((sum, p) => sum + BigInt(p.weight), 0n);
  if (total === 0n) return null;
  let point = BigInt(`0x${roll.slice(0, 13)}`) % total;
  for (const p of available) {
    if (point < BigInt(p.weight)) return p.prizeId;
    point -= BigInt(p.weight);
  }
  return null;
}

const invalidPrizes = () =>
  new AppError('promotion_invalid', { fieldErrors: { rafflePrizes: 'errors.promotion_invalid' } });

/**
 * Checks and converts the builder's prizes: a money prize has an amount (the largest times the
 * multiplier must stay safe) and no points, a points prize whole points and no amount.
 */
export function prizeValues(
  prizes: readonly RafflePrizeInput[] | undefined,
  currency: string,
  wageringMultiplier: number,
): NewPrize[] {
  if (!prizes || prizes.length === 0) throw invalidPrizes();
  return prizes.map((p, position) => {
    const kind = p.kind ?? 'money';
    let amount = 0n;
    let points = 0n;
    if (kind === 'money') {
      const parsed = p.amount === undefined ? null : parseAmount(p.amount, currency);
      if (p.points !== undefined || parsed === null || parsed <= 0n) throw invalidPrizes();
      if (parsed * BigInt(wageringMultiplier + 1) > MAX_MINOR / 2n) throw invalidPrizes();
      amount = parsed;
    } else {
      if (p.points === undefined || (p.amount !== undefined && parseAmount(p.amount, currency) !== 0n))
        throw invalidPrizes();
      points = BigInt(p.points);
      if (points <= 0n || points > MAX_PRIZE_POINTS) throw invalidPrizes();
    }
    return {
      position,
      name_en: p.nameEn.trim(),
      name_ms: p.nameMs?.trim() ?? '',
      name_cn: p.nameCn?.trim() ?? '',
      kind,
      amount: amount.toString(),
      points: points.toString(),
      weight: p.weight,
      stock: p.stock,
    };
  });
}

/**
 * Inside the builder's transaction: a raffle gets its seed once (made with the promotion, kept when
 * it changes) and its prizes; prizes change only while no ticket has been drawn
 * (`promotion_raffle_drawn`). Another kind keeps no prizes.
 */
export async function saveRaffle(
  trx: Executor,
  brandId: string,
  promotionId: string,
  rewardKind: string,
  prizes: NewPrize[],
): Promise<void> {
  const drawn = await countDraws(trx, promotionId);
  if (rewardKind !== 'raffle') {
    if (drawn > 0) throw new AppError('promotion_raffle_drawn');
    await replacePrizes(trx, brandId, promotionId, []);
    return;
  }
  const serverSeed = randomBytes(32).toString('hex');
  await insertRaffle(trx, { brandId, promotionId, serverSeed, seedHash: sha256Hex(serverSeed) });
  const current = (await prizesOf(trx, brandId, [promotionId])).get(promotionId) ?? [];
  const same =
    current.length === prizes.length &&
    current.every((c, i) => {
      const p = prizes[i];
      return (
        p !== undefined &&
        c.name_en === p.name_en &&
        c.name_ms === p.name_ms &&
        c.name_cn === p.name_cn &&
        c.kind === p.kind &&
        c.amount === p.amount &&
        c.points === p.points &&
        c.weight === p.weight &&
        c.stock === p.stock
      );
    });
  if (same) return;
  if (drawn > 0) throw new AppError('promotion_raffle_drawn');
  await replacePrizes(trx, brandId, promotionId, prizes);
}

/** The back office's view of the prizes of each promotion. */
export async function adminPrizes(
  db: Executor,
  brand: PromoBrand,
  promotionIds: readonly string[],
): Promise<Map<string, AdminPromotion['rafflePrizes']>> {
  const rows = await prizesOf(db, brand.id, promotionIds);
  return new Map(
    [...rows].map(([id, prizes]) => [
      id,
      prizes.map((p) => ({
        nameEn: p.name_en,
        nameMs: p.name_ms,
        nameCn: p.name_cn,
        kind: prizeKindOf(p),
        amount: formatAmount(p.amount, brand.currency),
        points: p.points,
        weight: p.weight,
        stock: p.stock,
        remaining: p.remaining,
      })),
    ]),
  );
}

const prizeKindOf = (p: PrizeRow): RafflePrizeKind => (p.kind === 'points' ? 'points' : 'money');

const prizeName = (p: PrizeRow, language: string) =>
  pickText({ en: p.name_en, ms: p.name_ms, cn: p.name_cn }, language);

/** promoDetail's fairness record of a raffle (null for another kind): the seed once the promotion ended. */
export async function raffleFairness(
  db: Executor,
  brand: PromoBrand,
  promotionId: string,
  language: string,
  now = new Date(),
): Promise<RaffleFairness | null> {
  const promo = await findPromotion(db, brand.id, promotionId);
  if (promo?.reward_kind !== 'raffle') return null;
  const raffle = await findRaffle(db, brand.id, promotionId);
  if (!raffle) return null;
  const prizes = (await prizesOf(db, brand.id, [promotionId])).get(promotionId) ?? [];
  return {
    seedHash: raffle.seed_hash,
    serverSeed: now >= promo.ends_at ? raffle.server_seed : null,
    prizes: prizes.map((p) => ({
      name: prizeName(p, language),
      kind: prizeKindOf(p),
      amount: formatAmount(p.amount, brand.currency),
      points: p.points,
      weight: p.weight,
      remaining: p.remaining,
    })),
  };
}

/**
 * `MCS2_claimRafflePromotion`: draws the member's issued ticket and pays the prize in one transaction:
 * money as a bonus under the promotion's wagering (state claimed, or process with the prize locked),
 * points credited to the member's points once (key `raffle:<ticket>:points`, state claimed).
 */
export async function drawRaffle(
  db: Db,
  brand: PromoBrand,
  member: PromoMember,
  body: RaffleClaimBody,
  language: string,
  now = new Date(),
): Promise<RaffleDraw> {
  if (member.isAgent === TRIAL) throw new AppError('trial_account_restricted');
  const ticket = await findRecord(db, brand.id, body.id);
  if (!ticket || ticket.member_id !== member.id) throw new AppError('promotion_not_found');
  const promo = await findPromotion(db, brand.id, ticket.promotion_id);
  if (promo?.reward_kind !== 'raffle') throw new AppError('promotion_not_found');
  if (ticket.state !== 'issued') throw new AppError('promotion_state_invalid');
  if (!(await vipRuleHolds(db, brand.id, member.id, promo.rules)))
    throw new AppError('promotion_not_qualified');
  const raffle = await findRaffle(db, brand.id, promo.id);
  if (!raffle) throw new AppError('promotion_not_found');
  const clientSeed = body.clientSeed ?? '';
  const roll = rollOf(raffle.server_seed, ticket.id, clientSeed);
  return moneyTransaction(db, async (trx: Tx) => {
    const prizes = await lockPrizes(trx, promo.id);
    const available = prizes.filter((p) => p.remaining > 0).map((p) => ({ prizeId: p.id, weight: p.weight }));
    const prizeId = pickPrize(roll, available);
    const prize = prizes.find((p) => p.id === prizeId);
    if (!prize) throw new AppError('promotion_raffle_sold_out');
    const kind = prizeKindOf(prize);
    // A points prize is no money: nothing to wager, nothing locked; its points are credited below.
    const amount = kind === 'money' ? BigInt(prize.amount) : 0n;
    const points = kind === 'points' ? BigInt(prize.points) : 0n;
    const required = kind === 'money' ? wageringOf(promo, amount, BigInt(ticket.deposit_amount)) : 0n;
    const moved = await moveRecord(
      trx,
      { brandId: brand.id, id: ticket.id, memberId: member.id, from: ['issued'] },
      {
        ...creditedState(required, amount),
        bonus_amount: amount.toString(),
        wagering_required: required.toString(),
        claimed_at: now,
        expires_at: new Date(now.getTime() + promo.expiry_days * DAY_MS),
      },
    );
    if (!moved) throw new AppError('promotion_state_invalid');
    if (!(await takePrize(trx, prize.id))) throw new AppError('promotion_raffle_sold_out');
    await insertDraw(trx, {
      recordId: ticket.id,
      brandId: brand.id,
      promotionId: promo.id,
      memberId: member.id,
      prizeId: prize.id,
      clientSeed,
      roll,
      available,
    });
    if (kind === 'money') await payBonus(trx, brand, member.id, ticket.id, promo.id, amount);
    else if (
      !(await creditPromotionPoints(trx, {
        brandId: brand.id,
        memberId: member.id,
        points,
        key: `raffle:${ticket.id}:points`,
        reference: `promotion:${promo.id}:raffle:${ticket.id}`,
      }))
    )
      throw new AppError('promotion_state_invalid');
    return {
      ticket: ticket.id,
      promotionId: promo.id,
      prize: prizeName(prize, language),
      prizeKind: kind,
      prizeId: prize.id,
      amount: formatAmount(amount, brand.currency),
      points: points.toString(),
      seedHash: raffle.seed_hash,
      clientSeed,
      roll,
      available,
      state: moved.state,
    };
  });
}
