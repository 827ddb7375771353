import { formatAmount, MAX_MINOR, parseAmount } from '@lotus/contracts/money';
import {
  ACTIVITY_REMARK_MAX,
  type AdminPromotion,
  type ClaimBody,
  GAME_CATEGORIES,
  type MemberPromotion,
  type PromotionCard,
  type PromotionDetail,
  type PromotionInput,
  type PromotionState,
} from '@lotus/contracts/promotions';
import type { Db } from '../../db/database.ts';
import type { Executor, Tx } from '../../db/executor.ts';
import { AppError } from '../../http/app-error.ts';
import { dayWindow, monthWindow, weekWindow } from '../../lib/brand-time.ts';
import { sha256Hex } from '../../lib/hashing.ts';
import { pickText } from '../../lib/localised.ts';
import { assertReachable } from '../exclusion/exclusion.service.ts';
import { creditPromotionPoints } from '../points/points.service.ts';
import { memberVipLevel } from '../vip/vip.service.ts';
import { ensureAccount, moneyTransaction, postEntry } from '../wallet/ledger.service.ts';
import { mainWalletRef } from '../wallet/wallet.service.ts';
import {
  cancelFreeRounds,
  expireFreeRounds,
  grantFreeRounds,
  withFreeRounds,
} from './free-rounds.service.ts';
import {
  activeWagering,
  creditedDeposits,
  depositsBefore,
  findPromotion,
  findRecord,
  insertRecord,
  listPromotions,
  lockedBalance,
  memberRecords,
  memberSince,
  moveRecord,
  type PromotionRow,
  type PromotionValues,
  periodRecords,
  type RecordRow,
  stakeSince,
} from './promotions.repository.ts';
import { creditedState } from './wagering-state.ts';

export type PromoBrand = { id: string; currency: string };
/** A brand whose calendar decides the promotions' daily, weekly and monthly windows. */
export type PromoCalendarBrand = PromoBrand & { timeZone: string };
export type PromoMember = { id: string; username: string; isAgent: number };

const TRIAL = 4;
const DAY_MS = 86_400_000;

function text(row: { title_en: string; title_ms: string; title_cn: string }, language: string): string {
  const pick = language === 'MS' ? row.title_ms : language === 'CN' ? row.title_cn : '';
  return pick || row.title_en;
}

/**
 * The key of the frequency window `now` falls in, in the brand's calendar (`timeZone`: a daily
 * reload renews at the brand's midnight): one record per member, promotion and key.
 */
export function periodKey(frequency: string, now: Date, timeZone: string): string {
  switch (frequency) {
    case 'daily':
      return dayWindow(now, timeZone).key;
    case 'weekly':
      return `w${weekWindow(now, timeZone).key.slice(1)}`;
    case 'semimonthly': {
      // Spec §9's semi-monthly period: the 1st to the 15th, then the 16th to the month's end, in the
      // brand's calendar.
      const day = dayWindow(now, timeZone).key;
      return `${day.slice(0, 7)}-${Number(day.slice(8, 10)) <= 15 ? 'h1' : 'h2'}`;
    }
    case 'monthly':
      return monthWindow(now, timeZone).key;
    default:
      return 'once';
  }
}

/** Bonus of a promotion for a deposit: fixed, or percent (basis points) of the deposit up to the cap. */
export function bonusOf(
  promo: Pick<PromotionRow, 'reward_kind' | 'reward_amount' | 'reward_percent_bp' | 'reward_cap'>,
  deposit: bigint,
): bigint {
  if (promo.reward_kind === 'fixed') return BigInt(promo.reward_amount);
  // A points reward gives points, no bonus money (creditRewardPoints).
  if (promo.reward_kind === 'points') return 0n;
  const raw = (deposit * BigInt(promo.reward_percent_bp)) / 10_000n;
  const cap = BigInt(promo.reward_cap);
  return cap > 0n && raw > cap ? cap : raw;
}

/** Turnover required: multiplier x (bonus, plus the deposit when configured). */
export function wageringOf(
  promo: Pick<PromotionRow, 'wagering_multiplier' | 'wagering_includes_deposit'>,
  bonus: bigint,
  deposit: bigint,
): bigint {
  return BigInt(promo.wagering_multiplier) * (bonus + (promo.wagering_includes_deposit ? deposit : 0n));
}

// ---------------------------------------------------------------------------------------------
// Qualification

/** The VIP-level rule (none set: holds): the member's current level, read through the vip domain's service. */
export async function vipRuleHolds(
  db: Executor,
  brandId: string,
  memberId: string,
  rules: PromotionRow['rules'],
): Promise<boolean> {
  if (rules.vipLevelMin === undefined && rules.vipLevels === undefined) return true;
  const { level } = await memberVipLevel(db, brandId, memberId);
  if (rules.vipLevelMin !== undefined && level < rules.vipLevelMin) return false;
  if (rules.vipLevels !== undefined && !rules.vipLevels.includes(level)) return false;
  return true;
}

export type Qualification = { ok: true; depositId: string | null; depositAmount: bigint } | { ok: false };

/**
 * Every rule the promotion sets must hold (AND): registered within `newMemberDays`; the member's
 * Nth credited deposit made inside the promotion's period (or, without N, the latest deposit of the
 * period) within [depositMin, depositMax]; stake of at least `turnoverMin` over `turnoverDays`;
 * listed username; VIP level (the vip domain's published `memberVipLevel`) at least `vipLevelMin`
 * and among `vipLevels`. A percentage bonus needs a deposit: without a deposit rule it reads the
 * latest deposit of the period.
 */
export async function qualify(
  db: Executor,
  brandId: string,
  member: PromoMember,
  promo: PromotionRow,
  now: Date,
): Promise<Qualification> {
  const rules = promo.rules;
  if (
    rules.usernames &&
    !rules.usernames.map((u) => u.toLowerCase()).includes(member.username.toLowerCase())
  ) {
    return { ok: false };
  }
  if (!(await vipRuleHolds(db, brandId, member.id, rules))) return { ok: false };
  if (rules.newMemberDays !== undefined) {
    const since = await memberSince(db, brandId, member.id);
    if (now.getTime() - since.getTime() > rules.newMemberDays * DAY_MS) return { ok: false };
  }
  if (rules.turnoverMin !== undefined) {
    const days = rules.turnoverDays ?? 30;
    const from = new Date(now.getTime() - (days - 1) * DAY_MS).toISOString().slice(0, 10);
    if ((await stakeSince(db, brandId, member.id, from)) < BigInt(rules.turnoverMin)) return { ok: false };
  }
  const usesDeposit =
    rules.depositNth !== undefined ||
    rules.depositMin !== undefined ||
    rules.depositMax !== undefined ||
    promo.reward_kind === 'percent';
  if (!usesDeposit) return { ok: true, depositId: null, depositAmount: 0n };
  const deposits = await creditedDeposits(db, brandId, member.id, promo.starts_at, now);
  let chosen: { id: string; amount: string } | undefined;
  if (rules.depositNth !== undefined) {
    const before = await depositsBefore(db, brandId, member.id, promo.starts_at);
    chosen = deposits[rules.depositNth - 1 - before];
  } else {
    chosen = deposits.at(-1);
  }
  if (!chosen) return { ok: false };
  const amount = BigInt(chosen.amount);
  if (rules.depositMin !== undefined && amount < BigInt(rules.depositMin)) return { ok: false };
  if (rules.depositMax !== undefined && amount > BigInt(rules.depositMax)) return { ok: false };
  return { ok: true, depositId: chosen.id, depositAmount: amount };
}

// ---------------------------------------------------------------------------------------------
// Member side

function cardState(
  promo: PromotionRow,
  record: { state: string } | undefined,
  now: Date,
): PromotionState | null {
  if (record) return record.state as PromotionState;
  if (now < promo.starts_at) return 'coming';
  if (now >= promo.ends_at) return 'close';
  return null;
}

function toCard(
  promo: PromotionRow,
  record: { id: string; state: string } | undefined,
  language: string,
  currency: string,
  now: Date,
  loggedIn: boolean,
): PromotionCard {
  const state = cardState(promo, record, now);
  return {
    id: promo.id,
    title: text(promo, language),
    image: promo.image,
    startsAt: promo.starts_at.toISOString(),
    endsAt: promo.ends_at.toISOString(),
    state,
    recordId: record?.id ?? null,
    canApply: loggedIn && state === null,
    canClaim: state === 'issued',
    canCancel: state === 'applying' || state === 'issued' || state === 'process',
    asksContact: promo.asks_contact,
    rewardKind: promo.reward_kind,
    rewardAmount: formatAmount(promo.reward_amount, currency),
    rewardPercent: (promo.reward_percent_bp / 100).toString(),
    rewardCap: formatAmount(promo.reward_cap, currency),
    rewardPoints: promo.reward_points,
    freeRoundsCount: promo.free_rounds_count,
    freeRoundsStake: formatAmount(promo.free_rounds_stake, currency),
    wageringMultiplier: promo.wagering_multiplier,
  };
}

async function currentRecords(
  db: Executor,
  memberId: string | null,
  promos: PromotionRow[],
  now: Date,
  timeZone: string,
) {
  if (!memberId) return new Map<string, { id: string; state: string }>();
  const rows = await periodRecords(
    db,
    memberId,
    promos.map((p) => ({ promotionId: p.id, periodKey: periodKey(p.frequency, now, timeZone) })),
  );
  return new Map(rows.map((r) => [r.promotion_id, r]));
}

export async function promotionCards(
  db: Db,
  brand: PromoCalendarBrand,
  memberId: string | null,
  language: string,
  now = new Date(),
): Promise<{ items: PromotionCard[] }> {
  const promos = await listPromotions(db, brand.id, true);
  const records = await currentRecords(db, memberId, promos, now, brand.timeZone);
  return {
    items: promos.map((p) => toCard(p, records.get(p.id), language, brand.currency, now, memberId !== null)),
  };
}

function toWireRules(rules: PromotionRow['rules'], currency: string): AdminPromotion['rules'] {
  return {
    ...(rules.newMemberDays !== undefined ? { newMemberDays: rules.newMemberDays } : {}),
    ...(rules.depositNth !== undefined ? { depositNth: rules.depositNth } : {}),
    ...(rules.depositMin !== undefined ? { depositMin: formatAmount(rules.depositMin, currency) } : {}),
    ...(rules.depositMax !== undefined ? { depositMax: formatAmount(rules.depositMax, currency) } : {}),
    ...(rules.turnoverMin !== undefined ? { turnoverMin: formatAmount(rules.turnoverMin, currency) } : {}),
    ...(rules.turnoverDays !== undefined ? { turnoverDays: rules.turnoverDays } : {}),
    ...(rules.usernames !== undefined ? { usernames: rules.usernames } : {}),
    ...(rules.vipLevelMin !== undefined ? { vipLevelMin: rules.vipLevelMin } : {}),
    ...(rules.vipLevels !== undefined ? { vipLevels: rules.vipLevels } : {}),
  };
}

export async function promotionDetail(
  db: Db,
  brand: PromoCalendarBrand,
  memberId: string | null,
  id: string,
  language: string,
  now = new Date(),
): Promise<PromotionDetail> {
  const promo = await findPromotion(db, brand.id, id);
  if (promo?.status !== 'active') throw new AppError('promotion_not_found');
  const records = await currentRecords(db, memberId, [promo], now, brand.timeZone);
  const content =
    (language === 'MS' ? promo.content_ms : language === 'CN' ? promo.content_cn : '') || promo.content_en;
  return {
    ...toCard(promo, records.get(promo.id), language, brand.currency, now, memberId !== null),
    content,
    frequency: promo.frequency,
    rules: toWireRules(promo.rules, brand.currency),
    wageringIncludesDeposit: promo.wagering_includes_deposit,
    contributions: promo.contributions,
    maxBet: formatAmount(promo.max_bet, brand.currency),
    expiryDays: promo.expiry_days,
    needsApproval: promo.needs_approval,
    // A raffle's fairness record is added by the route (raffle.service.ts raffleFairness).
    raffle: null,
  };
}

export function toMemberPromotion(row: RecordRow, language: string, currency: string): MemberPromotion {
  return {
    id: row.id,
    promotionId: row.promotion_id,
    title: text(row, language),
    state: row.state as MemberPromotion['state'],
    closeReason: row.close_reason,
    rejectReason: row.reject_reason,
    depositAmount: formatAmount(row.deposit_amount, currency),
    bonusAmount: formatAmount(row.bonus_amount, currency),
    wageringRequired: formatAmount(row.wagering_required, currency),
    wageringDone: formatAmount(row.wagering_done, currency),
    lockedAmount: formatAmount(row.locked_amount, currency),
    forfeitedAmount: formatAmount(row.forfeited_amount, currency),
    flaggedBets: row.flagged_bets,
    maxBet: formatAmount(row.max_bet, currency),
    claimedAt: row.claimed_at?.toISOString() ?? null,
    expiresAt: row.expires_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    raffle: row.reward_kind === 'raffle',
    prize:
      row.prize_en === null
        ? null
        : pickText({ en: row.prize_en, ms: row.prize_ms ?? '', cn: row.prize_cn ?? '' }, language),
    prizePoints: row.prize_kind === 'points' ? row.prize_points : null,
    rewardPoints: row.reward_kind === 'points' ? row.reward_points : null,
    remark: row.remark,
  };
}

/** The reward centre and bonusDetails: the member's own records only. */
export async function rewardCentre(
  db: Db,
  brand: PromoBrand,
  memberId: string,
  state: string | undefined,
  language: string,
): Promise<{ items: MemberPromotion[] }> {
  const rows = await memberRecords(db, brand.id, memberId, state);
  const items = rows.map((r) => toMemberPromotion(r, language, brand.currency));
  return { items: await withFreeRounds(db, brand, items, language) };
}

async function ownRecord(db: Executor, brand: PromoBrand, memberId: string, id: string, language: string) {
  const row = await findRecord(db, brand.id, id);
  if (!row || row.member_id !== memberId) throw new AppError('promotion_not_found');
  const [item] = await withFreeRounds(
    db,
    brand,
    [toMemberPromotion(row, language, brand.currency)],
    language,
  );
  if (!item) throw new AppError('promotion_not_found');
  return item;
}

/**
 * The activity remark as stored: trimmed, null when empty; more than 140 characters (code points) or
 * a control character is refused (the route's schema checks the same; this holds for any caller).
 */
export function activityRemark(remark: string | undefined): string | null {
  const trimmed = (remark ?? '').trim();
  if (trimmed === '') return null;
  const chars = [...trimmed];
  const control = chars.some((ch) => /\p{Cc}/u.test(ch) && !'\t\n\r'.includes(ch));
  if (chars.length > ACTIVITY_REMARK_MAX || control) {
    throw new AppError('request_param_err', { fieldErrors: { remark: 'errors.request_param_err' } });
  }
  return trimmed;
}

/**
 * Apply: the promotion must be active and inside its period, the member (not a trial account) must
 * qualify, and have no record of it in the frequency window (a unique index decides between
 * parallel applications). Goes to `applying` (operator queue) or straight to `issued`.
 */
export async function applyPromotion(
  db: Db,
  brand: PromoCalendarBrand,
  member: PromoMember,
  id: string,
  language: string,
  now = new Date(),
  remark?: string,
): Promise<MemberPromotion> {
  if (member.isAgent === TRIAL) throw new AppError('trial_account_restricted');
  await assertReachable(db, member.id);
  const note = activityRemark(remark);
  const promo = await findPromotion(db, brand.id, id);
  if (promo?.status !== 'active') throw new AppError('promotion_not_found');
  if (now < promo.starts_at || now >= promo.ends_at) throw new AppError('promotion_not_open');
  const qualification = await qualify(db, brand.id, member, promo, now);
  if (!qualification.ok) throw new AppError('promotion_not_qualified');
  // A raffle ticket's bonus is its prize, known once drawn (raffle.service.ts); free rounds' bonus
  // is what the rounds win, known as they are played (free-rounds.service.ts).
  // A points reward gives points, never bonus money: its points are kept on the record.
  const points = promo.reward_kind === 'points' ? BigInt(promo.reward_points) : 0n;
  const laterBonus =
    promo.reward_kind === 'raffle' || promo.reward_kind === 'free_rounds' || promo.reward_kind === 'points';
  const bonus = laterBonus ? 0n : bonusOf(promo, qualification.depositAmount);
  if (bonus <= 0n && !laterBonus) throw new AppError('promotion_not_qualified');
  if (promo.reward_kind === 'points' && points <= 0n) throw new AppError('promotion_not_qualified');
  const recordId = await insertRecord(db, {
    brandId: brand.id,
    promotionId: promo.id,
    memberId: member.id,
    periodKey: periodKey(promo.frequency, now, brand.timeZone),
    state: promo.needs_approval ? 'applying' : 'issued',
    depositId: qualification.depositId,
    depositAmount: qualification.depositAmount,
    bonusAmount: bonus,
    wageringRequired: wageringOf(promo, bonus, qualification.depositAmount),
    rewardPoints: points,
    remark: note,
  });
  if (!recordId) throw new AppError('promotion_already_applied');
  return ownRecord(db, brand, member.id, recordId, language);
}

async function poolAccount(trx: Executor, brand: PromoBrand) {
  const { account } = await ensureAccount(trx, {
    brandId: brand.id,
    kind: 'house',
    ownerKey: 'promotions:bonus_pool',
    currency: brand.currency,
  });
  return account;
}

/**
 * Claim an issued bonus: one conditional UPDATE (issued -> process, or claimed without wagering)
 * and one ledger entry pool -> main wallet (key `promotion:<id>:bonus`) in one transaction, so
 * parallel claims pay once (the second finds the state moved: promotion_state_invalid).
 */
export async function claimPromotion(
  db: Db,
  brand: PromoBrand,
  member: PromoMember,
  id: string,
  body: ClaimBody,
  language: string,
  now = new Date(),
): Promise<MemberPromotion> {
  const existing = await findRecord(db, brand.id, id);
  if (!existing || existing.member_id !== member.id) throw new AppError('promotion_not_found');
  const promo = await findPromotion(db, brand.id, existing.promotion_id);
  if (!promo) throw new AppError('promotion_not_found');
  // A raffle ticket is drawn, not claimed: MCS2_claimRafflePromotion (raffle.service.ts).
  if (promo.reward_kind === 'raffle') throw new AppError('promotion_state_invalid');
  if (promo.asks_contact && (!body.contactKind || !body.contactId))
    throw new AppError('promotion_contact_required');
  // A member who left the promotion's VIP levels since applying (the nightly job moved them) no
  // longer claims it; the record stays issued and claims again if they come back in time.
  if (existing.state === 'issued' && !(await vipRuleHolds(db, brand.id, member.id, promo.rules)))
    throw new AppError('promotion_not_qualified');
  if (promo.reward_kind === 'free_rounds') {
    await claimFreeRounds(db, brand, member.id, id, promo, body, now);
    return ownRecord(db, brand, member.id, id, language);
  }
  if (promo.reward_kind === 'points') {
    await moneyTransaction(db, async (trx: Tx) => {
      const moved = await moveRecord(
        trx,
        { brandId: brand.id, id, memberId: member.id, from: ['issued'] },
        {
          state: 'claimed',
          claimed_at: now,
          locked_amount: '0',
          contact_kind: promo.asks_contact ? (body.contactKind ?? '') : '',
          contact_id: promo.asks_contact ? (body.contactId ?? '') : '',
        },
      );
      if (!moved) throw new AppError('promotion_state_invalid');
      await creditRewardPoints(trx, brand, moved);
    });
    return ownRecord(db, brand, member.id, id, language);
  }
  await moneyTransaction(db, async (trx: Tx) => {
    const required = BigInt(existing.wagering_required);
    const moved = await moveRecord(
      trx,
      { brandId: brand.id, id, memberId: member.id, from: ['issued'] },
      {
        ...creditedState(required, BigInt(existing.bonus_amount)),
        claimed_at: now,
        expires_at: new Date(now.getTime() + promo.expiry_days * DAY_MS),
        contact_kind: promo.asks_contact ? (body.contactKind ?? '') : '',
        contact_id: promo.asks_contact ? (body.contactId ?? '') : '',
      },
    );
    if (!moved) throw new AppError('promotion_state_invalid');
    await payBonus(trx, brand, member.id, id, moved.promotion_id, BigInt(moved.bonus_amount));
  });
  return ownRecord(db, brand, member.id, id, language);
}

/**
 * Claim of a free-round reward: issued -> claimed (nothing paid yet, no wagering yet) and its grant
 * (the promotion's game, stake and rounds, valid until the record expires) in one transaction, so
 * parallel claims grant once. What the rounds win is paid by the seamless win as bonus money under
 * the promotion's wagering (seamless_free_round_pay.sql), moving the record to process.
 */
async function claimFreeRounds(
  db: Db,
  brand: PromoBrand,
  memberId: string,
  id: string,
  promo: PromotionRow,
  body: ClaimBody,
  now: Date,
): Promise<void> {
  const expiresAt = new Date(now.getTime() + promo.expiry_days * DAY_MS);
  await moneyTransaction(db, async (trx: Tx) => {
    const moved = await moveRecord(
      trx,
      { brandId: brand.id, id, memberId, from: ['issued'] },
      {
        state: 'claimed',
        claimed_at: now,
        expires_at: expiresAt,
        locked_amount: '0',
        contact_kind: promo.asks_contact ? (body.contactKind ?? '') : '',
        contact_id: promo.asks_contact ? (body.contactId ?? '') : '',
      },
    );
    if (!moved) throw new AppError('promotion_state_invalid');
    await grantFreeRounds(trx, {
      brandId: brand.id,
      memberId,
      recordId: id,
      gameId: promo.free_rounds_game,
      stake: BigInt(promo.free_rounds_stake),
      rounds: promo.free_rounds_count,
      expiresAt,
    });
  });
}

/**
 * Credits a points reward inside the transaction that moved its record to claimed (the member's
 * claim, or the operator's approval of a promotion that needs it): one `earn` entry of category
 * PROMOTION to the member's points (the points statement shows it as `promotion`), key
 * `promotion:<record>:points`, so it credits once; no bonus money, no wagering. A key already
 * credited (it cannot be, the state move lets one caller through) rolls the claim back.
 */
export async function creditRewardPoints(
  trx: Executor,
  brand: PromoBrand,
  record: { id: string; member_id: string; promotion_id: string; reward_points: string },
): Promise<void> {
  // No marketing reaches a member on a time-out or self-excluded (docs/exclusion.md).
  await assertReachable(trx, record.member_id);
  const points = BigInt(record.reward_points);
  if (points <= 0n) throw new AppError('promotion_state_invalid');
  const credited = await creditPromotionPoints(trx, {
    brandId: brand.id,
    memberId: record.member_id,
    points,
    key: `promotion:${record.id}:points`,
    reference: `promotion:${record.promotion_id}:record:${record.id}`,
  });
  if (!credited) throw new AppError('promotion_state_invalid');
}

/**
 * Pays a claimed bonus (or a drawn raffle prize) inside the claim's transaction: one ledger entry
 * from the brand's pool to the member's main wallet, key `promotion:<record>:bonus`, so it pays once.
 */
export async function payBonus(
  trx: Executor,
  brand: PromoBrand,
  memberId: string,
  recordId: string,
  promotionId: string,
  amount: bigint,
): Promise<void> {
  // No marketing reaches a member on a time-out or self-excluded (docs/exclusion.md).
  await assertReachable(trx, memberId);
  const key = `promotion:${recordId}:bonus`;
  const { account: wallet } = await ensureAccount(trx, mainWalletRef(brand, memberId));
  await postEntry(trx, {
    brandId: brand.id,
    kind: 'promotion_bonus',
    idempotencyKey: key,
    requestHash: sha256Hex(`${key}|${memberId}|${amount}`),
    reference: `promotion:${recordId}`,
    metadata: { memberId, promotionId },
    legs: [
      { account: await poolAccount(trx, brand), amount: -amount },
      { account: wallet, amount },
    ],
  });
}

/**
 * Forfeits a bonus in process (inside the caller's transaction): state process -> close with the
 * reason, and min(locked, balance) back from the main wallet to the pool (key
 * `promotion:<id>:forfeit`). Exactly once: the conditional UPDATE lets one caller through.
 * Returns the amount taken back, or null when the record was not in process.
 */
export async function forfeitInTx(
  trx: Executor,
  brand: PromoBrand,
  id: string,
  reason: string,
): Promise<bigint | null> {
  const moved = await moveRecord(
    trx,
    { brandId: brand.id, id, from: ['process'] },
    { state: 'close', close_reason: reason },
  );
  if (!moved) return null;
  await cancelFreeRounds(trx, id);
  const { account: wallet } = await ensureAccount(trx, mainWalletRef(brand, moved.member_id));
  const balance = await lockedBalance(trx, wallet.id);
  const locked = BigInt(moved.locked_amount);
  const amount = balance < locked ? balance : locked;
  await trx
    .updateTable('member_promotions')
    .set({ forfeited_amount: amount.toString(), locked_amount: '0' })
    .where('id', '=', id)
    .execute();
  if (amount > 0n) {
    const key = `promotion:${id}:forfeit`;
    await postEntry(trx, {
      brandId: brand.id,
      kind: 'promotion_forfeit',
      idempotencyKey: key,
      requestHash: sha256Hex(`${key}|${moved.member_id}|${amount}`),
      reference: `promotion:${id}`,
      metadata: { memberId: moved.member_id, promotionId: moved.promotion_id, reason },
      legs: [
        { account: wallet, amount: -amount },
        { account: await poolAccount(trx, brand), amount },
      ],
    });
  }
  return amount;
}

/** Member cancel: applying/issued close with nothing moved; a bonus in process is forfeited. */
export async function cancelPromotion(
  db: Db,
  brand: PromoBrand,
  member: PromoMember,
  id: string,
  language: string,
): Promise<MemberPromotion> {
  const existing = await findRecord(db, brand.id, id);
  if (!existing || existing.member_id !== member.id) throw new AppError('promotion_not_found');
  await moneyTransaction(db, async (trx) => {
    const closed = await moveRecord(
      trx,
      { brandId: brand.id, id, memberId: member.id, from: ['applying', 'issued'] },
      { state: 'close', close_reason: 'cancelled' },
    );
    if (closed) return;
    if ((await forfeitInTx(trx, brand, id, 'cancelled')) === null)
      throw new AppError('promotion_state_invalid');
  });
  return ownRecord(db, brand, member.id, id, language);
}

/**
 * Published for the withdrawals domain, called inside its request transaction (after the member's
 * row lock): while a bonus is in wagering the main balance is locked by it. Without `acceptForfeit`
 * the request is refused with `bonus_wagering_active` (the locked amounts are in bonusDetails), which the
 * site shows before the member confirms; with it, every active bonus is forfeited (exactly once)
 * before the withdrawal's hold is taken.
 */
export async function bonusWithdrawalCheck(
  trx: Executor,
  brand: PromoBrand,
  memberId: string,
  acceptForfeit: boolean,
): Promise<void> {
  const active = await activeWagering(trx, brand.id, memberId);
  if (active.length === 0) return;
  if (!acceptForfeit) {
    throw new AppError('bonus_wagering_active');
  }
  for (const record of active) await forfeitInTx(trx, brand, record.id, 'withdrawal');
}

/** Job: bonuses whose wagering expired are forfeited (each in its own transaction). */
export async function expireBonuses(
  db: Db,
  now: Date,
  brandOf: (brandId: string) => Promise<PromoBrand>,
  expired: (db: Executor, now: Date) => Promise<{ id: string; brand_id: string }[]>,
): Promise<number> {
  let count = 0;
  // Free-round grants expire with bonuses: past their expiry they give no more rounds.
  await expireFreeRounds(db, now);
  for (const row of await expired(db, now)) {
    const brand = await brandOf(row.brand_id);
    const taken = await moneyTransaction(db, (trx) => forfeitInTx(trx, brand, row.id, 'expired'));
    if (taken !== null) count += 1;
  }
  return count;
}

// ---------------------------------------------------------------------------------------------
// Builder input

function minorOf(value: string | undefined, currency: string): bigint {
  if (value === undefined) return 0n;
  const minor = parseAmount(value, currency);
  if (minor === null || minor < 0n || minor > MAX_MINOR) throw new AppError('promotion_invalid');
  return minor;
}

/** The largest points reward (the migration's check; the contract's pattern allows 12 digits). */
const MAX_REWARD_POINTS = 999_999_999_999n;

const invalidPoints = () =>
  new AppError('promotion_invalid', { fieldErrors: { rewardPoints: 'errors.promotion_invalid' } });

/** A points reward's whole points (required, 1 to the bound); 0 for another kind, which sends none. */
function pointsOf(input: PromotionInput): bigint {
  if (input.rewardKind !== 'points') {
    if (input.rewardPoints !== undefined) throw invalidPoints();
    return 0n;
  }
  const text = input.rewardPoints;
  if (text === undefined || !/^[1-9][0-9]{0,11}$/.test(text)) throw invalidPoints();
  const points = BigInt(text);
  if (points <= 0n || points > MAX_REWARD_POINTS) throw invalidPoints();
  return points;
}

/** Checks and converts the builder's input; refuses inconsistent settings with promotion_invalid. */
export function promotionValues(input: PromotionInput, currency: string): PromotionValues {
  const startsAt = new Date(input.startsAt);
  const endsAt = new Date(input.endsAt);
  if (Number.isNaN(startsAt.getTime()) || Number.isNaN(endsAt.getTime()) || endsAt <= startsAt) {
    throw new AppError('promotion_invalid', { fieldErrors: { endsAt: 'errors.promotion_invalid' } });
  }
  const rewardAmount = minorOf(input.rewardAmount, currency);
  const percent = input.rewardPercent === undefined ? 0 : Math.round(Number(input.rewardPercent) * 100);
  const cap = minorOf(input.rewardCap, currency);
  if (input.rewardKind === 'fixed' && rewardAmount <= 0n) throw new AppError('promotion_invalid');
  const rewardPoints = pointsOf(input);
  // A free-round reward's game and stake are checked against the catalogue by freeRoundValues.
  if (
    input.rewardKind === 'free_rounds' &&
    (input.freeRoundsGame === undefined ||
      input.freeRoundsCount === undefined ||
      input.freeRoundsStake === undefined)
  )
    throw new AppError('promotion_invalid');
  if (input.rewardKind === 'percent' && (percent <= 0 || percent > 100_000))
    throw new AppError('promotion_invalid');
  if (Object.keys(input.contributions).some((c) => !(GAME_CATEGORIES as readonly string[]).includes(c))) {
    throw new AppError('promotion_invalid', { fieldErrors: { contributions: 'errors.promotion_invalid' } });
  }
  const rules = input.rules;
  const depositMin = rules.depositMin === undefined ? undefined : minorOf(rules.depositMin, currency);
  const depositMax = rules.depositMax === undefined ? undefined : minorOf(rules.depositMax, currency);
  if (depositMin !== undefined && depositMax !== undefined && depositMax < depositMin) {
    throw new AppError('promotion_invalid');
  }
  // Bonus x multiplier must stay a bigint: the largest bonus is the cap, or the fixed amount.
  // A raffle's prizes are checked by raffle.service.ts (prizeValues).
  const largest =
    input.rewardKind === 'fixed'
      ? rewardAmount
      : input.rewardKind === 'raffle' || input.rewardKind === 'free_rounds' || input.rewardKind === 'points'
        ? 0n
        : cap > 0n
          ? cap
          : MAX_MINOR / 1001n;
  if (largest * BigInt(input.wageringMultiplier + 1) > MAX_MINOR / 2n)
    throw new AppError('promotion_invalid');
  return {
    title_en: input.titleEn.trim(),
    title_ms: input.titleMs?.trim() ?? '',
    title_cn: input.titleCn?.trim() ?? '',
    content_en: input.contentEn ?? '',
    content_ms: input.contentMs ?? '',
    content_cn: input.contentCn ?? '',
    image: input.image ?? '',
    status: input.status,
    starts_at: startsAt,
    ends_at: endsAt,
    frequency: input.frequency,
    rules: {
      ...(rules.newMemberDays !== undefined ? { newMemberDays: rules.newMemberDays } : {}),
      ...(rules.depositNth !== undefined ? { depositNth: rules.depositNth } : {}),
      ...(depositMin !== undefined ? { depositMin: depositMin.toString() } : {}),
      ...(depositMax !== undefined ? { depositMax: depositMax.toString() } : {}),
      ...(rules.turnoverMin !== undefined
        ? { turnoverMin: minorOf(rules.turnoverMin, currency).toString() }
        : {}),
      ...(rules.turnoverDays !== undefined ? { turnoverDays: rules.turnoverDays } : {}),
      ...(rules.usernames !== undefined ? { usernames: rules.usernames.map((u) => u.toLowerCase()) } : {}),
      ...(rules.vipLevelMin !== undefined ? { vipLevelMin: rules.vipLevelMin } : {}),
      ...(rules.vipLevels !== undefined ? { vipLevels: [...rules.vipLevels].sort((a, b) => a - b) } : {}),
    },
    reward_kind: input.rewardKind,
    reward_amount: rewardAmount.toString(),
    reward_percent_bp: input.rewardKind === 'percent' ? percent : 0,
    reward_cap: cap.toString(),
    wagering_multiplier: input.wageringMultiplier,
    wagering_includes_deposit: input.wageringIncludesDeposit,
    contributions: { ...input.contributions },
    max_bet: minorOf(input.maxBet, currency).toString(),
    expiry_days: input.expiryDays,
    needs_approval: input.needsApproval,
    asks_contact: input.asksContact,
    sort_order: input.sortOrder ?? 0,
    // Set by freeRoundValues (free-rounds.service.ts) once the game is checked.
    free_rounds_game: null,
    free_rounds_stake: '0',
    free_rounds_count: 0,
    reward_points: rewardPoints.toString(),
  };
}

export function toAdminPromotion(row: PromotionRow, currency: string): AdminPromotion {
  return {
    id: row.id,
    titleEn: row.title_en,
    titleMs: row.title_ms,
    titleCn: row.title_cn,
    contentEn: row.content_en,
    contentMs: row.content_ms,
    contentCn: row.content_cn,
    image: row.image,
    status: row.status,
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at.toISOString(),
    frequency: row.frequency,
    rules: toWireRules(row.rules, currency),
    rewardKind: row.reward_kind,
    rewardAmount: formatAmount(row.reward_amount, currency),
    rewardPercent: (row.reward_percent_bp / 100).toString(),
    rewardCap: formatAmount(row.reward_cap, currency),
    wageringMultiplier: row.wagering_multiplier,
    wageringIncludesDeposit: row.wagering_includes_deposit,
    contributions: row.contributions,
    maxBet: formatAmount(row.max_bet, currency),
    expiryDays: row.expiry_days,
    needsApproval: row.needs_approval,
    asksContact: row.asks_contact,
    sortOrder: row.sort_order,
    freeRoundsGame: row.free_rounds_game ?? '',
    freeRoundsStake: formatAmount(row.free_rounds_stake, currency),
    freeRoundsCount: row.free_rounds_count,
    rewardPoints: row.reward_points,
    // Filled by the back office's service (raffle.service.ts adminPrizes).
    rafflePrizes: [],
  };
}
