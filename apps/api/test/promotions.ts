import { randomUUID } from 'node:crypto';
import type { AdminPromotion, MemberPromotion } from '@lotus/contracts/promotions';
import { expect } from 'vitest';
import { promotionWagering } from '../src/domains/promotions/wagering.consumer.ts';
import { drainWritten } from './events.ts';
import type { SignedInMember } from './factories.ts';
import type { backOfficeTeam } from './operators.ts';
import { call, headers, type TestContext } from './support.ts';

/** The member's record `id` as the reward centre shows it (the member's own records only). */
export async function rewardRecord(
  ctx: TestContext,
  m: SignedInMember,
  id: string,
): Promise<MemberPromotion> {
  const res = await call<{ items: MemberPromotion[] }>(ctx.app, {
    method: 'GET',
    url: '/wps/promotions/rewards/mine',
    headers: { ...headers(), authorization: m.token },
  });
  const found = res.body.value.items.find((r) => r.id === id);
  if (!found) throw new Error('record not found');
  return found;
}

/** Drains the wagering consumer until the record shows `done` (the feed waits for older transactions). */
export async function wageringReaches(
  ctx: TestContext,
  m: SignedInMember,
  id: string,
  done: string,
): Promise<MemberPromotion> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    await drainWritten(ctx.db, promotionWagering, { maxBatches: 1000 });
    const current = await rewardRecord(ctx, m, id);
    if (current.wageringDone === done || Date.now() > deadline) return current;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A promotion as the back office creates it: titled `<title> <random>`, active since an hour ago
 * for a day, once, no rules, no wagering, RNG counted in full, no approval nor contact asked;
 * `overrides` (the reward among them) on top.
 */
export function promotionBody(title: string, overrides: object = {}) {
  return {
    titleEn: `${title} ${randomUUID().slice(0, 8)}`,
    status: 'active',
    startsAt: new Date(Date.now() - 3_600_000).toISOString(),
    endsAt: new Date(Date.now() + 86_400_000).toISOString(),
    frequency: 'once',
    rules: {},
    wageringMultiplier: 0,
    wageringIncludesDeposit: false,
    contributions: { RNG: 100 },
    expiryDays: 7,
    needsApproval: false,
    asksContact: false,
    ...overrides,
  };
}

/** Creates the promotion as the team's marketing operator; the test fails if it is refused. */
export async function createPromotion(
  team: ReturnType<typeof backOfficeTeam>,
  body: object,
): Promise<AdminPromotion> {
  const res = await team.bo<AdminPromotion>('marketing', 'POST', '/bo/v1/promotions', body);
  expect(res.body).toMatchObject({ success: true });
  return res.body.value;
}
