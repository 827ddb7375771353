/**
 * The event consumers' derivations as they were before the money facts (copied from git, commit
 * 8593daf: each consumer read raw postings with its own list of member accounts and looked up
 * categories itself). Kept only for the replay test (src/events/replay.test.ts), which runs a
 * recorded journal through these and through the fact-based consumers and compares the totals.
 */
import type { Executor } from '../src/db/executor.ts';
import { seamlessCategories } from '../src/domains/games/bet-category.service.ts';
import { orderCategories } from '../src/domains/lottery/records.service.ts';

export const LEGACY_EVENT_KINDS = {
  bet_settled: ['seamless_bet', 'seamless_win', 'seamless_bet_win', 'seamless_rollback'],
  deposit_credited: ['deposit'],
  withdrawal_paid: ['withdrawal_paid'],
  lottery_order_moved: ['lottery_bet', 'lottery_chase_stake', 'lottery_win', 'lottery_refund'],
} as const satisfies Record<string, readonly string[]>;

export type LegacyEventType = keyof typeof LEGACY_EVENT_KINDS;

export function legacyTypeOf(kind: string): LegacyEventType | null {
  for (const [type, kinds] of Object.entries(LEGACY_EVENT_KINDS))
    if ((kinds as readonly string[]).includes(kind)) return type as LegacyEventType;
  return null;
}

export type LegacyPosting = {
  accountId: string;
  accountKind: string;
  memberId: string | null;
  vendorId: string | null;
  amount: bigint;
  currency: string;
};

export type LegacyEvent = {
  type: LegacyEventType;
  kind: string;
  entryId: string;
  txId: string;
  brandId: string;
  reference: string;
  metadata: Record<string, unknown>;
  createdAt: Date;
  postings: LegacyPosting[];
};

// ---- wallet/turnover.consumer.ts -----------------------------------------------------------------

const WALLET_MEMBER_WALLETS = new Set(['member_main', 'member_vendor']);

export function walletTurnoverOf(event: LegacyEvent) {
  const wallet = event.postings.find((p) => WALLET_MEMBER_WALLETS.has(p.accountKind) && p.memberId);
  const vendor = event.postings.find((p) => p.accountKind === 'vendor' && p.vendorId);
  if (!wallet?.memberId || !vendor?.vendorId) return null;
  let debits = 0n;
  let credits = 0n;
  for (const p of event.postings) {
    if (p.accountId !== wallet.accountId) continue;
    if (p.amount < 0n) debits -= p.amount;
    else credits += p.amount;
  }
  const key = {
    brandId: event.brandId,
    memberId: wallet.memberId,
    day: event.createdAt.toISOString().slice(0, 10),
    vendorId: vendor.vendorId,
    currency: wallet.currency,
  };
  switch (event.kind) {
    case 'seamless_bet':
      return { ...key, bets: 1n, stake: debits, payout: 0n };
    case 'seamless_bet_win':
      return { ...key, bets: 1n, stake: debits, payout: credits };
    case 'seamless_win':
      return { ...key, bets: 0n, stake: 0n, payout: credits };
    case 'seamless_rollback':
      return { ...key, bets: -1n, stake: -credits, payout: 0n };
    default:
      return null;
  }
}

// ---- vip/turnover.consumer.ts ----------------------------------------------------------------------

const VIP_MEMBER_ACCOUNTS = new Set(['member_main', 'member_vendor', 'lottery_hold']);

export type LegacyStakeMove = {
  brandId: string;
  memberId: string;
  day: string;
  source: string;
  stake: bigint;
};

export function vipStakeOf(event: LegacyEvent): LegacyStakeMove | null {
  const day = event.createdAt.toISOString().slice(0, 10);
  const mine = event.postings.filter((p) => VIP_MEMBER_ACCOUNTS.has(p.accountKind) && p.memberId);
  const memberId = mine[0]?.memberId;
  if (!memberId) return null;
  let debits = 0n;
  let credits = 0n;
  for (const p of mine) {
    if (p.memberId !== memberId) continue;
    if (p.amount < 0n) debits -= p.amount;
    else credits += p.amount;
  }
  const base = { brandId: event.brandId, memberId, day };
  if (event.type === 'bet_settled') {
    const vendor = event.postings.find((p) => p.accountKind === 'vendor' && p.vendorId)?.vendorId;
    if (!vendor) return null;
    const source = `seamless:${vendor}|${event.reference}`;
    if (event.kind === 'seamless_bet' || event.kind === 'seamless_bet_win')
      return { ...base, source, stake: debits };
    if (event.kind === 'seamless_rollback') return { ...base, source, stake: -credits };
    return null;
  }
  if (event.type === 'lottery_order_moved') {
    const orderId = event.metadata.orderId;
    if (typeof orderId !== 'string' && typeof orderId !== 'number') return null;
    const source = `lottery:${orderId}`;
    if (event.kind === 'lottery_bet' || event.kind === 'lottery_chase_stake')
      return { ...base, source, stake: debits };
    if (event.kind === 'lottery_refund') return { ...base, source, stake: -credits };
    return null;
  }
  return null;
}

export async function vipCategoriesOf(
  trx: Executor,
  moves: readonly LegacyStakeMove[],
): Promise<Map<string, string>> {
  const seamless: { vendorId: string; transactionId: string }[] = [];
  const orders = new Map<string, string[]>();
  for (const m of moves) {
    if (m.source.startsWith('seamless:')) {
      const [vendorId, transactionId] = m.source.slice('seamless:'.length).split(/\|(.*)/s) as [
        string,
        string,
      ];
      seamless.push({ vendorId, transactionId });
    } else {
      const list = orders.get(m.brandId) ?? [];
      list.push(m.source.slice('lottery:'.length));
      orders.set(m.brandId, list);
    }
  }
  const result = new Map<string, string>();
  for (const [k, v] of await seamlessCategories(trx, { calls: seamless }))
    result.set(`seamless:${k}`, v.category);
  for (const [brandId, ids] of orders)
    for (const [id, category] of await orderCategories(trx, brandId, ids))
      result.set(`lottery:${id}`, category);
  return result;
}

export function vipDepositOf(e: LegacyEvent) {
  const wallet = e.postings.find((p) => p.accountKind === 'member_main' && p.memberId && p.amount > 0n);
  if (!wallet?.memberId) return null;
  return {
    brandId: e.brandId,
    memberId: wallet.memberId,
    day: e.createdAt.toISOString().slice(0, 10),
    amount: wallet.amount,
  };
}

// ---- points/points.consumer.ts ---------------------------------------------------------------------

const SEAMLESS_WALLETS = new Set(['member_main', 'member_vendor']);
const LOTTERY_WALLETS = new Set(['member_main', 'lottery_hold']);

function memberSide(event: LegacyEvent, kinds: Set<string>) {
  let memberId: string | null = null;
  let currency = '';
  let sum = 0n;
  for (const p of event.postings) {
    if (!kinds.has(p.accountKind) || !p.memberId) continue;
    memberId = p.memberId;
    currency = p.currency;
    sum += p.amount;
  }
  return memberId ? { memberId, sum, currency } : null;
}

export function pointsTurnoverOf(event: LegacyEvent, seamlessCategory: string | undefined) {
  switch (event.kind) {
    case 'seamless_bet':
    case 'seamless_bet_win':
    case 'seamless_rollback': {
      const side = memberSide(event, SEAMLESS_WALLETS);
      if (!side || !seamlessCategory) return null;
      let stake = 0n;
      for (const p of event.postings) {
        if (!SEAMLESS_WALLETS.has(p.accountKind) || p.memberId !== side.memberId) continue;
        if (event.kind === 'seamless_rollback' ? p.amount > 0n : p.amount < 0n) stake += p.amount;
      }
      return {
        memberId: side.memberId,
        category: seamlessCategory,
        turnover: -stake,
        currency: side.currency,
      };
    }
    case 'lottery_bet':
    case 'lottery_chase_stake':
    case 'lottery_refund': {
      const side = memberSide(event, LOTTERY_WALLETS);
      if (!side) return null;
      return { memberId: side.memberId, category: 'LOTT', turnover: -side.sum, currency: side.currency };
    }
    case 'deposit': {
      const side = memberSide(event, new Set(['member_main']));
      if (!side || side.sum <= 0n) return null;
      return { memberId: side.memberId, category: 'DEPOSIT', turnover: side.sum, currency: side.currency };
    }
    default:
      return null;
  }
}

// ---- promotions/wagering.consumer.ts ---------------------------------------------------------------

const STAKE_KINDS = new Set(['seamless_bet', 'seamless_bet_win', 'lottery_bet', 'lottery_chase_stake']);
export const LOTTERY_KINDS = new Set(['lottery_bet', 'lottery_chase_stake']);

export function wageringStakeOf(event: LegacyEvent): { memberId: string; stake: bigint } | null {
  if (!STAKE_KINDS.has(event.kind)) return null;
  let memberId: string | null = null;
  let stake = 0n;
  for (const p of event.postings) {
    if (
      (SEAMLESS_WALLETS.has(p.accountKind) || p.accountKind === 'lottery_hold') &&
      p.memberId &&
      p.amount < 0n
    ) {
      memberId = p.memberId;
      stake -= p.amount;
    }
  }
  if (!memberId && LOTTERY_KINDS.has(event.kind) && typeof event.metadata.memberId === 'string') {
    memberId = event.metadata.memberId;
  }
  return memberId && stake > 0n ? { memberId, stake } : null;
}

export function wageringRollbackMember(event: LegacyEvent): string | null {
  if (event.kind !== 'seamless_rollback') return null;
  const credit = event.postings.find(
    (p) => SEAMLESS_WALLETS.has(p.accountKind) && p.memberId && p.amount > 0n,
  );
  return credit?.memberId ?? null;
}

export function wageringLotteryRefundOf(event: LegacyEvent): { memberId: string; orderId: string } | null {
  if (event.kind !== 'lottery_refund') return null;
  const { memberId, orderId } = event.metadata;
  if (typeof memberId !== 'string' || (typeof orderId !== 'string' && typeof orderId !== 'number'))
    return null;
  return { memberId, orderId: String(orderId) };
}

// ---- missions/mission-progress.consumer.ts ---------------------------------------------------------

export type LegacyMissionFact = {
  entryId: string;
  brandId: string;
  memberId: string;
  kind: 'bet' | 'deposit';
  seamless?: { vendorId: string; transactionId: string };
  category?: string;
  amount: bigint;
  at: Date;
};

export function missionFactOf(event: LegacyEvent): LegacyMissionFact | null {
  const base = { entryId: event.entryId, brandId: event.brandId, at: event.createdAt };
  if (event.type === 'bet_settled') {
    const wallet = event.postings.find((p) => SEAMLESS_WALLETS.has(p.accountKind) && p.memberId);
    const vendor = event.postings.find((p) => p.accountKind === 'vendor' && p.vendorId);
    if (!wallet?.memberId || !vendor?.vendorId) return null;
    let debits = 0n;
    let credits = 0n;
    for (const p of event.postings) {
      if (p.accountId !== wallet.accountId) continue;
      if (p.amount < 0n) debits -= p.amount;
      else credits += p.amount;
    }
    const seamless = { vendorId: vendor.vendorId, transactionId: event.reference };
    if (event.kind === 'seamless_bet' || event.kind === 'seamless_bet_win') {
      return { ...base, memberId: wallet.memberId, kind: 'bet', seamless, amount: debits };
    }
    if (event.kind === 'seamless_rollback') {
      return { ...base, memberId: wallet.memberId, kind: 'bet', seamless, amount: -credits };
    }
    return null;
  }
  if (event.type === 'deposit_credited') {
    const wallet = event.postings.find((p) => p.accountKind === 'member_main' && p.memberId && p.amount > 0n);
    if (!wallet?.memberId) return null;
    return { ...base, memberId: wallet.memberId, kind: 'deposit', amount: wallet.amount };
  }
  if (event.type === 'lottery_order_moved') {
    const memberId = event.metadata.memberId;
    if (typeof memberId !== 'string' && typeof memberId !== 'number') return null;
    const moved = event.postings.reduce((sum, p) => (p.amount > 0n ? sum + p.amount : sum), 0n);
    if (event.kind === 'lottery_bet' || event.kind === 'lottery_chase_stake') {
      return { ...base, memberId: String(memberId), kind: 'bet', category: 'LOTT', amount: moved };
    }
    if (event.kind === 'lottery_refund') {
      return { ...base, memberId: String(memberId), kind: 'bet', category: 'LOTT', amount: -moved };
    }
  }
  return null;
}

// ---- referrals/referral-qualification.consumer.ts --------------------------------------------------

export function referralFactOf(event: LegacyEvent) {
  const base = { entryId: event.entryId, at: event.createdAt };
  if (event.type === 'deposit_credited') {
    const leg = event.postings.find((p) => p.accountKind === 'member_main' && p.memberId && p.amount > 0n);
    return leg?.memberId ? { ...base, memberId: leg.memberId, deposit: leg.amount, turnover: 0n } : null;
  }
  if (event.type === 'bet_settled') {
    const wallet = event.postings.find((p) => SEAMLESS_WALLETS.has(p.accountKind) && p.memberId);
    if (!wallet?.memberId) return null;
    let debits = 0n;
    let credits = 0n;
    for (const p of event.postings) {
      if (p.accountId !== wallet.accountId) continue;
      if (p.amount < 0n) debits -= p.amount;
      else credits += p.amount;
    }
    if (event.kind === 'seamless_bet' || event.kind === 'seamless_bet_win') {
      return { ...base, memberId: wallet.memberId, deposit: null, turnover: debits };
    }
    if (event.kind === 'seamless_rollback')
      return { ...base, memberId: wallet.memberId, deposit: null, turnover: -credits };
    return null;
  }
  if (event.type === 'lottery_order_moved') {
    const memberId = event.metadata.memberId;
    if (typeof memberId !== 'string' && typeof memberId !== 'number') return null;
    const moved = event.postings.reduce((sum, p) => (p.amount > 0n ? sum + p.amount : sum), 0n);
    if (event.kind === 'lottery_bet' || event.kind === 'lottery_chase_stake') {
      return { ...base, memberId: String(memberId), deposit: null, turnover: moved };
    }
    if (event.kind === 'lottery_refund')
      return { ...base, memberId: String(memberId), deposit: null, turnover: -moved };
  }
  return null;
}
