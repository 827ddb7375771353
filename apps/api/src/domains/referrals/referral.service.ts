import { randomInt } from 'node:crypto';
import { TRIAL_TYPE } from '@lotus/contracts/accounts';
import { formatAmount, parseAmount } from '@lotus/contracts/money';
import type {
  Invitation,
  InvitationPage,
  OperatorReferral,
  OperatorReferralPage,
  OperatorReferralQuery,
  ReferralDetails,
  ReferralHoldReason,
  ReferralRuleBody,
  ReferralRuleView,
} from '@lotus/contracts/referrals';
import type { Db } from '../../db/database.ts';
import type { Executor, Tx } from '../../db/executor.ts';
import { AppError } from '../../http/app-error.ts';
import { sha256Hex } from '../../lib/hashing.ts';
import type { Brand } from '../brands/brand.ts';
import { brandOrigin } from '../brands/brand-origin.ts';
import { maskName } from '../games/records.service.ts';
import type { RegisteredMember } from '../members/registration-hooks.ts';
import { recordAudit } from '../operators/audit.service.ts';
import type { OperatorContext } from '../operators/operator-session.service.ts';
import { ensureAccount, moneyTransaction, postEntry } from '../wallet/ledger.service.ts';
import { mainWalletRef } from '../wallet/wallet.service.ts';
import {
  countInvitations,
  findCodeOf,
  findCodeOwner,
  findReferral,
  findRule,
  insertCode,
  insertReferral,
  listReferrals,
  markReferralPaid,
  memberCreatedAt,
  type ReferralRow,
  type RuleRow,
  recordDevice,
  rejectReferral,
  upsertRule,
} from './referral.repository.ts';

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** A member may add a referrer this long after registering when the brand has no rule. */
const DEFAULT_BIND_DAYS = 7;
const DAY_MS = 86_400_000;

function newCode(): string {
  let code = '';
  for (let i = 0; i < 8; i += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** The member's code, made on first ask (a taken code is drawn again). */
async function codeOf(db: Db, brandId: string, memberId: string, create: boolean): Promise<string> {
  const existing = await findCodeOf(db, memberId);
  if (existing || !create) return existing ?? '';
  for (let attempt = 0; attempt < 5; attempt += 1) {
    await insertCode(db, brandId, memberId, newCode());
    const code = await findCodeOf(db, memberId);
    if (code) return code;
  }
  throw new Error('referral: no free code after 5 draws');
}

/** `MCSFE_getReferralDetails`: the member's code, invitations and the link to share. */
export async function referralDetails(
  db: Db,
  brand: Brand,
  member: { id: string; isAgent: number },
  host: string,
  autoGenerate: boolean,
): Promise<ReferralDetails> {
  if (member.isAgent === TRIAL_TYPE) throw new AppError('trial_account_restricted');
  const code = await codeOf(db, brand.id, member.id, autoGenerate);
  const origin = await brandOrigin(db, brand, host);
  return {
    referralCode: code,
    totalInvitations: await countInvitations(db, member.id),
    promotionDomains: [origin],
    referralLink: code ? `${origin}/register?referralCode=${code}` : '',
  };
}

/**
 * Links a new friend to the code's owner: an unknown code (or a trial account's) refuses, one's own
 * code refuses (`referral_self`); a friend with a referrer already keeps it.
 */
async function attach(
  trx: Executor,
  friend: { brandId: string; memberId: string; ip: string; deviceId: string },
  rawCode: string,
): Promise<void> {
  const code = rawCode.trim().toUpperCase();
  const owner = /^[A-HJ-NP-Z2-9]{8}$/.test(code) ? await findCodeOwner(trx, friend.brandId, code) : undefined;
  if (!owner || owner.isAgent === TRIAL_TYPE) throw new AppError('referral_code_invalid');
  if (owner.memberId === friend.memberId) throw new AppError('referral_self');
  const added = await insertReferral(trx, {
    brandId: friend.brandId,
    referrerId: owner.memberId,
    friendId: friend.memberId,
    ip: friend.ip,
    device: friend.deviceId,
  });
  if (!added) throw new AppError('referral_already_bound');
}

/** The registration hook: remembers the device, links the friend when a code came with the form. */
export async function referralSignup(trx: Tx, member: RegisteredMember): Promise<void> {
  if (member.deviceId !== '') await recordDevice(trx, member.memberId, member.deviceId.slice(0, 64));
  if (member.referralCode !== '') await attach(trx, member, member.referralCode);
}

/** A member registered without a code adds one within the rule's days (7 without a rule). */
export async function bindReferral(
  db: Db,
  brand: Brand,
  member: { id: string; isAgent: number },
  code: string,
  ip: string,
  now = new Date(),
): Promise<{ bound: true }> {
  if (member.isAgent === TRIAL_TYPE) throw new AppError('trial_account_restricted');
  const [rule, registered] = await Promise.all([
    findRule(db, brand.id),
    memberCreatedAt(db, brand.id, member.id),
  ]);
  const days = rule?.withinDays ?? DEFAULT_BIND_DAYS;
  if (!registered || registered.getTime() + days * DAY_MS < now.getTime()) {
    throw new AppError('referral_already_bound');
  }
  await db
    .transaction()
    .execute((trx) => attach(trx, { brandId: brand.id, memberId: member.id, ip, deviceId: '' }, code));
  return { bound: true };
}

function ruleView(rule: RuleRow | undefined, currency: string): ReferralRuleView | null {
  if (!rule) return null;
  return {
    active: rule.active,
    minFirstDeposit: formatAmount(BigInt(rule.minFirstDeposit), currency),
    minTurnover: formatAmount(BigInt(rule.minTurnover), currency),
    withinDays: rule.withinDays,
    reward: formatAmount(BigInt(rule.reward), currency),
  };
}

function displayStatus(row: ReferralRow, rule: RuleRow | undefined, now: Date): Invitation['status'] {
  if (row.status !== 'pending' || !rule) return row.status;
  return row.createdAt.getTime() + rule.withinDays * DAY_MS < now.getTime() ? 'expired' : 'pending';
}

/** The member's invitations, newest first, friends' names masked. */
export async function invitations(
  db: Db,
  brand: Brand,
  memberId: string,
  query: { page?: number; size?: number },
  now = new Date(),
): Promise<InvitationPage> {
  const page = query.page ?? 1;
  const size = query.size ?? 20;
  const [rule, list] = await Promise.all([
    findRule(db, brand.id),
    listReferrals(db, { brandId: brand.id, referrerId: memberId }, page, size),
  ]);
  const c = brand.currency;
  return {
    items: list.items.map((row) => ({
      id: row.id,
      friend: maskName(row.friend),
      // Held is an operator's matter: the referrer sees it as waiting.
      status: row.status === 'held' ? 'pending' : displayStatus(row, rule, now),
      firstDeposit: row.firstDeposit === null ? null : formatAmount(BigInt(row.firstDeposit), c),
      turnover: formatAmount(BigInt(row.turnover), c),
      reward: row.reward === null ? null : formatAmount(BigInt(row.reward), c),
      registeredAt: row.createdAt.getTime(),
    })),
    total: list.total,
    page,
    size,
    rule: ruleView(rule, c),
    currency: c,
  };
}

/** Pays a referral's reward from the brand's referrals account to the referrer's main wallet. */
export async function postReferralReward(
  trx: Executor,
  brand: { id: string; currency: string },
  referral: { id: string; referrerId: string; friendId: string },
  reward: bigint,
): Promise<void> {
  const { account: source } = await ensureAccount(trx, {
    brandId: brand.id,
    kind: 'house',
    ownerKey: 'referrals',
    currency: brand.currency,
  });
  const { account: wallet } = await ensureAccount(trx, mainWalletRef(brand, referral.referrerId));
  const key = `referral:${referral.id}`;
  await postEntry(trx, {
    brandId: brand.id,
    kind: 'referral_reward',
    idempotencyKey: key,
    requestHash: sha256Hex(`${key}|${reward}`),
    reference: `referral:${referral.id}`,
    metadata: { referralId: referral.id, memberId: referral.referrerId, friendId: referral.friendId },
    legs: [
      { account: source, amount: -reward },
      { account: wallet, amount: reward },
    ],
  });
}

// Back office

function toOperator(row: ReferralRow, currency: string): OperatorReferral {
  return {
    id: row.id,
    referrer: row.referrer,
    referrerId: row.referrerId,
    friend: row.friend,
    friendId: row.friendId,
    status: row.status,
    holdReasons: row.holdReasons as ReferralHoldReason[],
    signupIp: row.signupIp,
    firstDeposit: row.firstDeposit === null ? null : formatAmount(BigInt(row.firstDeposit), currency),
    turnover: formatAmount(BigInt(row.turnover), currency),
    reward: row.reward === null ? null : formatAmount(BigInt(row.reward), currency),
    note: row.note,
    reviewedBy: row.reviewedBy,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function referralQueue(
  db: Db,
  brand: Brand,
  query: OperatorReferralQuery,
): Promise<OperatorReferralPage> {
  const page = query.page ?? 1;
  const size = query.size ?? 20;
  const { items, total } = await listReferrals(
    db,
    { brandId: brand.id, ...(query.status ? { status: query.status } : {}) },
    page,
    size,
  );
  return { items: items.map((r) => toOperator(r, brand.currency)), total, page, size };
}

function reviewNote(note: string | undefined): string {
  const value = (note ?? '').trim();
  for (const ch of value) {
    const code = ch.codePointAt(0) ?? 0;
    if ((code < 0x20 && code !== 0x0a) || code === 0x7f) throw new AppError('operator_note_invalid');
  }
  return value;
}

/**
 * Approves a held referral: the conditional move held -> paid, the reward's ledger entry and the
 * audit row commit together, so two approvals (or a double click) pay once. The reward is the
 * brand's current rule's.
 */
export async function approveReferral(
  db: Db,
  brand: Brand,
  reviewer: OperatorContext & { ip: string },
  id: string,
  note?: string,
  now = new Date(),
): Promise<OperatorReferral> {
  const text = reviewNote(note);
  const row = await findReferral(db, brand.id, id);
  if (!row) throw new AppError('referral_not_found');
  const rule = await findRule(db, brand.id);
  if (!rule) throw new AppError('referral_state_invalid');
  const reward = BigInt(rule.reward);
  await moneyTransaction(db, async (trx) => {
    const moved = await markReferralPaid(trx, brand.id, id, 'held', reward, now, {
      operatorId: reviewer.id,
      note: text,
    });
    if (!moved) throw new AppError('referral_state_invalid');
    await postReferralReward(trx, brand, row, reward);
    await recordAudit(trx, {
      brandId: brand.id,
      operatorId: reviewer.id,
      action: 'referral.approve',
      targetType: 'referral',
      targetId: id,
      before: { status: 'held' },
      after: { status: 'paid', reward: String(reward), note: text },
      ip: reviewer.ip,
    });
  });
  const after = await findReferral(db, brand.id, id);
  if (!after) throw new AppError('referral_not_found');
  return toOperator(after, brand.currency);
}

export async function rejectHeldReferral(
  db: Db,
  brand: Brand,
  reviewer: OperatorContext & { ip: string },
  id: string,
  note?: string,
  now = new Date(),
): Promise<OperatorReferral> {
  const text = reviewNote(note);
  const row = await findReferral(db, brand.id, id);
  if (!row) throw new AppError('referral_not_found');
  await db.transaction().execute(async (trx) => {
    if (!(await rejectReferral(trx, brand.id, id, { operatorId: reviewer.id, note: text }, now))) {
      throw new AppError('referral_state_invalid');
    }
    await recordAudit(trx, {
      brandId: brand.id,
      operatorId: reviewer.id,
      action: 'referral.reject',
      targetType: 'referral',
      targetId: id,
      before: { status: row.status },
      after: { status: 'rejected', note: text },
      ip: reviewer.ip,
    });
  });
  const after = await findReferral(db, brand.id, id);
  if (!after) throw new AppError('referral_not_found');
  return toOperator(after, brand.currency);
}

export async function referralRule(db: Db, brand: Brand): Promise<ReferralRuleView | null> {
  return ruleView(await findRule(db, brand.id), brand.currency);
}

/** Sets the brand's rule (audited); it applies to referrals qualifying from now on. */
export async function changeReferralRule(
  db: Db,
  brand: Brand,
  operator: OperatorContext & { ip: string },
  body: ReferralRuleBody,
): Promise<ReferralRuleView> {
  const minFirstDeposit = parseAmount(body.minFirstDeposit, brand.currency);
  const minTurnover = parseAmount(body.minTurnover, brand.currency);
  const reward = parseAmount(body.reward, brand.currency);
  if (minFirstDeposit === null || minTurnover === null || reward === null || reward <= 0n) {
    throw new AppError('referral_rule_invalid');
  }
  const before = await findRule(db, brand.id);
  const rule = { active: body.active, minFirstDeposit, minTurnover, withinDays: body.withinDays, reward };
  await db.transaction().execute(async (trx) => {
    await upsertRule(trx, brand.id, rule, operator.id);
    await recordAudit(trx, {
      brandId: brand.id,
      operatorId: operator.id,
      action: 'referral.rule',
      targetType: 'referral_rule',
      targetId: brand.id,
      before: before ? { ...before } : null,
      after: {
        active: rule.active,
        minFirstDeposit: String(minFirstDeposit),
        minTurnover: String(minTurnover),
        withinDays: rule.withinDays,
        reward: String(reward),
      },
      ip: operator.ip,
    });
  });
  return ruleView(await findRule(db, brand.id), brand.currency) as ReferralRuleView;
}
