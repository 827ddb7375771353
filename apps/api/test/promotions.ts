import type { MemberPromotion } from '@lotus/contracts/promotions';
import { promotionWagering } from '../src/domains/promotions/wagering.consumer.ts';
import { drainConsumer } from '../src/events/runner.ts';
import type { SignedInMember } from './factories.ts';
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
    await drainConsumer(ctx.db, promotionWagering, { maxBatches: 1000 });
    const current = await rewardRecord(ctx, m, id);
    if (current.wageringDone === done || Date.now() > deadline) return current;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
