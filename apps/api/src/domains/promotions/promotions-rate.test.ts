import { describe, expect, it } from 'vitest';
import { signedInMember } from '../../../test/factories.ts';
import { call, headers, setupTestApp } from '../../../test/support.ts';

const ctx = setupTestApp({ rateLimits: { promotionActions: { max: 3, timeWindow: 60_000 } } });

describe('promotion actions rate limit', () => {
  it('answers 429 past the limit of each route (apply, claim and cancel each)', async () => {
    const m = await signedInMember(ctx, { prefix: 'rl' });
    const send = (url: string) =>
      call(ctx.app, { method: 'POST', url, headers: { ...headers(), authorization: m.token }, payload: {} });
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push(await send('/wps/promotions/999/apply'));
    expect(answers.slice(0, 3).map((a) => a.body.errorCode)).toEqual([
      'promotion_not_found',
      'promotion_not_found',
      'promotion_not_found',
    ]);
    expect(answers[3]?.status).toBe(429);
    for (const action of ['claim', 'cancel']) {
      for (let i = 0; i < 3; i += 1) await send(`/wps/promotions/rewards/999/${action}`);
      expect((await send(`/wps/promotions/rewards/999/${action}`)).status).toBe(429);
    }
  });
});
