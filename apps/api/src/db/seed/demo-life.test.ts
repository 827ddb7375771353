import { existsSync } from 'node:fs';
import { NewMissionBody } from '@lotus/contracts/missions';
import { AdminProductInput } from '@lotus/contracts/points';
import { PromotionInput } from '@lotus/contracts/promotions';
import { ReferralRuleBody } from '@lotus/contracts/referrals';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { brandOf, memberGet, memberPost, player } from '../../../test/games.ts';
import { loginAs } from '../../../test/members.ts';
import { reconcileAfterEach } from '../../../test/money.ts';
import { setupTestApp, TEST_PASSWORD_HASHING } from '../../../test/support.ts';
import type { Database } from '../schema.ts';
import { seed } from '../seed.ts';
import { DEMO_PLAYER } from './demo-accounts.ts';
import { DEMO_ANNOUNCEMENTS, DEMO_BANNERS } from './demo-brand.ts';
import { DEMO_FIRST_DEPOSIT, DEMO_OPENING_BALANCE } from './demo-history.ts';
import {
  DEMO_MISSIONS,
  DEMO_PRODUCTS,
  DEMO_PROMOTION_TITLES,
  DEMO_REFERRAL_RULE,
  demoPromotions,
} from './demo-rewards.ts';

const ctx = setupTestApp();
reconcileAfterEach(ctx);

type Card = { id: string; title: string; state: string | null };
type Rec = {
  id: string;
  promotionId: string;
  title: string;
  state: string;
  bonusAmount: string;
  wageringRequired: string;
};

async function demoplayer() {
  // One device and network: a login from a new one asks for an SMS code (the known-device check).
  const res = await loginAs(ctx, DEMO_PLAYER.username, DEMO_PLAYER.password, { ip: '198.51.100.7' });
  expect(res.body).toMatchObject({ success: true });
  return { token: res.body.value.token as string, id: res.body.value.id as string };
}

async function balance(token: string | null) {
  const res = await memberGet<{ sumBalance: string }>(
    ctx,
    '/wps/v2/wallets/balance',
    token ? { token } : null,
  );
  return res;
}

async function cards(token: string | null) {
  const res = await memberGet<{ items: Card[] }>(ctx, '/wps/promotions', token ? { token } : null);
  expect(res.status).toBe(200);
  return res.body.value?.items ?? [];
}

describe('the living demo brand', () => {
  it('offers what the banner and the welcome popup promise, built as an operator builds it', async () => {
    const visitor = await cards(null);
    expect(visitor.map((c) => c.title)).toEqual(Object.values(DEMO_PROMOTION_TITLES));
    // The home banner and the first-deposit popup name the promotion that exists.
    expect(DEMO_BANNERS[0]?.link).toBe('/promotions');
    expect(DEMO_BANNERS[0]?.title.en).toBe(DEMO_PROMOTION_TITLES.firstDeposit);
    const popup = DEMO_ANNOUNCEMENTS.find((a) => a.promotionType === 'FIRST_DEPOSIT');
    expect(popup?.title.en).toBe(DEMO_PROMOTION_TITLES.firstDeposit);

    // Every input is what the back office's schema accepts (the seed skips no check of the route).
    for (const p of demoPromotions(new Date(), '1')) expect(Value.Errors(PromotionInput, p)).toEqual([]);
    for (const p of DEMO_PRODUCTS) expect(Value.Errors(AdminProductInput, p)).toEqual([]);
    for (const m of DEMO_MISSIONS) expect(Value.Errors(NewMissionBody, m)).toEqual([]);
    expect(Value.Check(ReferralRuleBody, DEMO_REFERRAL_RULE)).toBe(true);
    for (const p of DEMO_PRODUCTS) {
      expect(existsSync(new URL(`../../../../web/public${p.imageUrl}`, import.meta.url))).toBe(true);
    }

    // Made through the services: each change audited as the demo admin.
    const brand = await brandOf(ctx);
    const audit = await ctx.db
      .selectFrom('audit_log as a')
      .innerJoin('operators as o', 'o.id', 'a.operator_id')
      .select(['a.action', 'o.username'])
      .where('a.brand_id', '=', brand.id)
      .where('a.action', 'in', [
        'promotions.create',
        'points.product.create',
        'mission.create',
        'referral.rule',
      ])
      .execute();
    expect(audit.filter((a) => a.action === 'promotions.create')).toHaveLength(6);
    expect(audit.filter((a) => a.action === 'points.product.create')).toHaveLength(DEMO_PRODUCTS.length);
    expect(audit.filter((a) => a.action === 'mission.create')).toHaveLength(DEMO_MISSIONS.length);
    expect(audit.filter((a) => a.action === 'referral.rule')).toHaveLength(1);
    expect(new Set(audit.map((a) => a.username))).toEqual(new Set(['demoadmin']));

    // Missions daily and weekly, the welcome message in a newcomer's inbox.
    const newcomer = await player(ctx);
    const missions = await memberGet<{ missions: { period: string }[] }>(
      ctx,
      '/wps/relay/MCSFE_getMissionSummaryDetails',
      newcomer,
    );
    expect(new Set(missions.body.value?.missions.map((m) => m.period))).toEqual(new Set(['daily', 'weekly']));
    const inbox = await memberGet<{ items: { title: string }[] }>(ctx, '/wps/messages', newcomer);
    expect(inbox.body.value?.items.map((m) => m.title)).toEqual(['Welcome to Lotus Demo']);
  });

  it('starts demoplayer with money to play, a deposit and rewards waiting', async () => {
    const me = await demoplayer();
    // 500.00 opening balance + the approved 100.00 deposit.
    expect((await balance(me.token)).body.value?.sumBalance).toBe('600.00');
    const brand = await brandOf(ctx);
    const adjustment = await ctx.db
      .selectFrom('adjustment_requests')
      .select(['status', 'amount', 'member_id'])
      .where('brand_id', '=', brand.id)
      .where('request_id', '=', DEMO_OPENING_BALANCE.requestId)
      .executeTakeFirstOrThrow();
    expect(adjustment).toMatchObject({ status: 'approved', amount: '50000', member_id: me.id });
    const deposit = await ctx.db
      .selectFrom('deposits')
      .select(['status', 'amount'])
      .where('member_id', '=', me.id)
      .where('client_request_id', '=', DEMO_FIRST_DEPOSIT.clientRequestId)
      .executeTakeFirstOrThrow();
    expect(deposit).toEqual({ status: 'approved', amount: '10000' });

    const records = await memberGet<{ items: Rec[] }>(ctx, '/wps/promotions/rewards/mine', me);
    const byTitle = Object.fromEntries((records.body.value?.items ?? []).map((r) => [r.title, r.state]));
    expect(byTitle).toEqual({
      [DEMO_PROMOTION_TITLES.raffle]: 'issued',
      [DEMO_PROMOTION_TITLES.points]: 'issued',
      [DEMO_PROMOTION_TITLES.freeSpins]: 'claimed',
    });
    const grant = await ctx.db
      .selectFrom('free_round_grants')
      .select(['rounds_granted', 'rounds_used', 'state'])
      .where('member_id', '=', me.id)
      .executeTakeFirstOrThrow();
    expect(grant).toEqual({ rounds_granted: 10, rounds_used: 0, state: 'active' });
  });

  it('lets demoplayer claim the banner offer once, and nobody else claim it for them', async () => {
    const me = await demoplayer();
    const offer = (await cards(me.token)).find((c) => c.title === DEMO_PROMOTION_TITLES.firstDeposit);
    expect(offer?.state).toBe(null);

    // A member without a deposit does not qualify; a forged token is no member.
    const newcomer = await player(ctx);
    const refused = await memberPost(ctx, `/wps/promotions/${offer?.id}/apply`, newcomer, {});
    expect(refused.body.errorCode).toBe('promotion_not_qualified');
    const forged = await memberPost(ctx, `/wps/promotions/${offer?.id}/apply`, { token: 'x'.repeat(43) }, {});
    expect(forged.status).toBe(401);

    const applied = await memberPost<Rec>(ctx, `/wps/promotions/${offer?.id}/apply`, me, {});
    expect(applied.body.value).toMatchObject({
      state: 'issued',
      bonusAmount: '100.00',
      wageringRequired: '1000.00',
    });
    const again = await memberPost(ctx, `/wps/promotions/${offer?.id}/apply`, me, {});
    expect(again.body.errorCode).toBe('promotion_already_applied');

    const record = applied.body.value?.id;
    // Another member cannot claim demoplayer's record.
    const stolen = await memberPost(ctx, `/wps/promotions/rewards/${record}/claim`, newcomer, {});
    expect(stolen.body.errorCode).toBe('promotion_not_found');
    expect((await balance(newcomer.token)).body.value?.sumBalance).toBe('0.00');

    const claimed = await memberPost<Rec>(ctx, `/wps/promotions/rewards/${record}/claim`, me, {});
    expect(claimed.body.value).toMatchObject({ state: 'process', bonusAmount: '100.00' });
    const twice = await memberPost(ctx, `/wps/promotions/rewards/${record}/claim`, me, {});
    expect(twice.body.errorCode).toBe('promotion_state_invalid');
    expect((await balance(me.token)).body.value?.sumBalance).toBe('700.00');
  });

  it('changes nothing on a second start, and keeps what operators changed', async () => {
    const brand = await brandOf(ctx);
    await ctx.db
      .updateTable('promotions')
      .set({ title_en: 'Renamed by an operator' })
      .where('brand_id', '=', brand.id)
      .where('title_en', '=', DEMO_PROMOTION_TITLES.dailyReload)
      .execute();
    const tables: (keyof Database)[] = [
      'promotions',
      'member_promotions',
      'points_products',
      'missions',
      'referral_rules',
      'messages',
      'adjustment_requests',
      'deposits',
      'journal_entries',
      'audit_log',
      'free_round_grants',
    ];
    const count = async () => {
      const counts: Record<string, number> = {};
      for (const t of tables) {
        const row = await ctx.db
          .selectFrom(t)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow();
        counts[t] = Number(row.n);
      }
      return counts;
    };
    const before = await count();
    expect(before.promotions).toBeGreaterThan(0);
    await seed(ctx.db, { hashing: TEST_PASSWORD_HASHING });
    expect(await count()).toEqual(before);
    const titles = await ctx.db
      .selectFrom('promotions')
      .select('title_en')
      .where('brand_id', '=', brand.id)
      .execute();
    expect(titles.map((t) => t.title_en)).toContain('Renamed by an operator');
    expect(titles.map((t) => t.title_en)).not.toContain(DEMO_PROMOTION_TITLES.dailyReload);
  });
});
