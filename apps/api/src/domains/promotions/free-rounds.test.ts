import { randomUUID } from 'node:crypto';
import type { SeamlessSession } from '@lotus/contracts/game-launch';
import type { CatalogueGamePage, LaunchGameResult } from '@lotus/contracts/games';
import type { AdminMemberPromotion, AdminPromotion, MemberPromotion } from '@lotus/contracts/promotions';
import { type Kysely, sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { drainWritten } from '../../../test/events.ts';
import {
  brandOf,
  house,
  launchTokenOf,
  memberGet,
  memberPost,
  type Player,
  player,
  seamless,
} from '../../../test/games.ts';
import { reconcileAfterEach } from '../../../test/money.ts';
import { backOfficeTeam } from '../../../test/operators.ts';
import { promotionBody } from '../../../test/promotions.ts';
import { setupTestApp } from '../../../test/support.ts';
import * as stakesMigration from '../games/migrations/0048_game_stakes.ts';
import { pointsEarning } from '../points/points.consumer.ts';
import { accountBalance, ensureAccount } from '../wallet/ledger.service.ts';
import { mainWalletRef, setWalletSettings, vendorWalletRef } from '../wallet/wallet.service.ts';
import { brandCurrency, expiredWagering } from './promotions.repository.ts';
import { expireBonuses } from './promotions.service.ts';
import { promotionWagering } from './wagering.consumer.ts';

const ctx = setupTestApp({
  rateLimits: {
    promotionActions: { max: 10_000, timeWindow: 60_000 },
    gameLaunch: { max: 10_000, timeWindow: 60_000 },
  },
});
reconcileAfterEach(ctx);
const team = backOfficeTeam(ctx);

const GAME = 'lotus-garden';
let slotId = '';
let liveId = '';

beforeAll(async () => {
  const brand = await brandOf(ctx);
  const rows = await ctx.db
    .selectFrom('games')
    .innerJoin('vendors', 'vendors.id', 'games.vendor_id')
    .select(['games.id', 'games.code'])
    .where('games.brand_id', '=', brand.id)
    .where('vendors.code', '=', 'HOUSE')
    .where('games.code', 'in', [GAME, 'live-baccarat'])
    .execute();
  slotId = rows.find((r) => r.code === GAME)?.id ?? '';
  liveId = rows.find((r) => r.code === 'live-baccarat')?.id ?? '';
  expect(slotId).not.toBe('');
  expect(liveId).not.toBe('');
});

const promotion = (overrides: Record<string, unknown> = {}) =>
  promotionBody('Free spins', {
    rewardKind: 'free_rounds',
    freeRoundsGame: slotId,
    freeRoundsStake: '0.20',
    freeRoundsCount: 3,
    wageringMultiplier: 10,
    ...overrides,
  });

async function createPromotion(overrides: Record<string, unknown> = {}) {
  return team.bo<AdminPromotion>('marketing', 'POST', '/bo/v1/promotions', promotion(overrides));
}

/** A member with `funds` who applied for and claimed a free-round promotion: the record. */
async function claimed(
  promotionId: string,
  funds = 10_000n,
): Promise<{ p: Player; record: MemberPromotion }> {
  const p = await player(ctx, { funds });
  const applied = await memberPost<MemberPromotion>(ctx, `/wps/promotions/${promotionId}/apply`, p, {});
  expect(applied.body).toMatchObject({ success: true, value: { state: 'issued' } });
  const done = await memberPost<MemberPromotion>(
    ctx,
    `/wps/promotions/rewards/${applied.body.value.id}/claim`,
    p,
    {},
  );
  expect(done.body).toMatchObject({ success: true });
  return { p, record: done.body.value };
}

async function session(p: Player, game = GAME): Promise<SeamlessSession> {
  const launched = await memberGet<LaunchGameResult>(
    ctx,
    `/wps/game/launchGame?vassalage=HOUSE&gameId=${game}`,
    p,
  );
  expect(launched.body).toMatchObject({ success: true });
  const answer = await seamless<SeamlessSession>(ctx, house, 'session', {
    launchToken: launchTokenOf(launched.body.value.content.game_url),
  });
  if (!answer.body.value) throw new Error(`no session: ${answer.body.errorCode}`);
  return answer.body.value;
}

function spin(token: string, grantId: string, extra: Record<string, unknown> = {}) {
  return seamless(ctx, house, 'bet', {
    token,
    transactionId: randomUUID(),
    roundId: randomUUID(),
    gameId: GAME,
    amount: '0.20',
    currency: 'MYR',
    freeRoundGrantId: grantId,
    ...extra,
  });
}

async function grant(recordId: string) {
  return ctx.db
    .selectFrom('free_round_grants')
    .select(['id', 'rounds_granted', 'rounds_used', 'state', 'stake', 'game_code'])
    .where('record_id', '=', recordId)
    .executeTakeFirstOrThrow();
}

async function wallet(p: Player): Promise<bigint> {
  const { account } = await ensureAccount(ctx.db, mainWalletRef(p.brand, p.id));
  return accountBalance(ctx.db, account.id);
}

async function recordRow(id: string) {
  return ctx.db
    .selectFrom('member_promotions')
    .select(['state', 'bonus_amount', 'locked_amount', 'wagering_required', 'wagering_done'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

async function journalOf(memberId: string) {
  const rows = await sql<{ kind: string; amount: string }>`
    select e.kind, p.amount::text as amount from postings p
      join journal_entries e on e.id = p.entry_id
      join ledger_accounts a on a.id = p.account_id
     where a.member_id = ${memberId} and e.kind <> 'adjustment_credit' and e.kind not like 'house%'
     order by p.id`.execute(ctx.db);
  return rows.rows.filter((r) => !r.kind.startsWith('adjust'));
}

describe('free-round promotions in the builder', () => {
  it('keeps the house slot, stake and count, and refuses other games, low stakes and missing fields', async () => {
    const made = await createPromotion();
    expect(made.body).toMatchObject({
      success: true,
      value: {
        rewardKind: 'free_rounds',
        freeRoundsGame: slotId,
        freeRoundsStake: '0.20',
        freeRoundsCount: 3,
      },
    });
    for (const bad of [
      { freeRoundsGame: liveId },
      { freeRoundsGame: '999999999' },
      { freeRoundsStake: '0.01' },
      { freeRoundsStake: '92233720368547758.07' },
      { freeRoundsCount: undefined },
      { freeRoundsGame: undefined },
    ]) {
      const res = await createPromotion(bad);
      expect(res.body, JSON.stringify(bad)).toMatchObject({ success: false, errorCode: 'promotion_invalid' });
    }
    const nul = await createPromotion({ freeRoundsGame: `${slotId}\u0000` });
    expect(nul.body.success).toBe(false);
    const zero = await createPromotion({ freeRoundsCount: 0 });
    expect(zero.body.success).toBe(false);
  });
});

describe("free-round stakes are the game's stakes", () => {
  async function storedWithTitle(title: string) {
    const row = await ctx.db
      .selectFrom('promotions')
      .select(sql<string>`count(*)`.as('n'))
      .where('title_en', '=', title)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  it("lists each house slot's stakes in the back-office catalogue", async () => {
    const res = await team.bo<CatalogueGamePage>(
      'marketing',
      'GET',
      '/bo/v1/games?gameCategory=RNG&pageSize=100',
    );
    expect(res.status).toBe(200);
    const lotus = res.body.value.items.find((g) => g.id === slotId);
    expect(lotus).toMatchObject({
      minBet: '0.20',
      stakes: ['0.20', '0.40', '1.00', '2.00', '4.00', '10.00', '20.00'],
    });
  });

  it('accepts a stake of the list and refuses any other, storing nothing', async () => {
    for (const stake of ['0.20', '0.40', '4.00', '20.00', '20']) {
      const res = await createPromotion({ freeRoundsStake: stake });
      expect(res.body, stake).toMatchObject({ success: true });
    }
    const refused = async (stake: string, errorCode: string) => {
      const title = `Bad stake ${randomUUID().slice(0, 8)}`;
      const res = await createPromotion({ titleEn: title, freeRoundsStake: stake });
      expect(res.body, JSON.stringify(stake)).toMatchObject({
        success: false,
        errorCode,
        fieldErrors: { freeRoundsStake: `errors.${errorCode}` },
      });
      expect(await storedWithTitle(title)).toBe(0);
    };
    // Off the game's stakes (0.25 is no coin value x 20 coins), below its minimum, zero, huge.
    for (const stake of ['0.25', '0.30', '0.10', '0', '30.00', '20.01', '92233720368547758.07']) {
      await refused(stake, 'promotion_invalid');
    }
    // Not an amount at all: the request schema refuses it first.
    for (const stake of ['-0.20', '0.20\u0000', '1e2', '0.2.0']) await refused(stake, 'request_param_err');
  });

  it('refuses to change a promotion to a stake off the list and keeps the stored one', async () => {
    const made = await createPromotion({ freeRoundsStake: '0.40' });
    const id = made.body.value.id;
    const res = await team.bo<AdminPromotion>(
      'marketing',
      'PUT',
      `/bo/v1/promotions/${id}`,
      promotion({ titleEn: 'Changed', freeRoundsStake: '0.25' }),
    );
    expect(res.body).toMatchObject({ success: false, errorCode: 'promotion_invalid' });
    const row = await ctx.db
      .selectFrom('promotions')
      .select(['title_en', 'free_rounds_stake'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ title_en: made.body.value.titleEn, free_rounds_stake: '40' });
  });

  it('a claim of a promotion whose stake the game no longer accepts grants nothing', async () => {
    const made = await createPromotion({ freeRoundsStake: '0.40' });
    // As a promotion stored before the catalogue knew the slot's stakes.
    await ctx.db
      .updateTable('promotions')
      .set({ free_rounds_stake: '25' })
      .where('id', '=', made.body.value.id)
      .execute();
    const p = await player(ctx, { funds: 1_000n });
    const applied = await memberPost<MemberPromotion>(
      ctx,
      `/wps/promotions/${made.body.value.id}/apply`,
      p,
      {},
    );
    expect(applied.body).toMatchObject({ success: true, value: { state: 'issued' } });
    const done = await memberPost<MemberPromotion>(
      ctx,
      `/wps/promotions/rewards/${applied.body.value.id}/claim`,
      p,
      {},
    );
    expect(done.body).toMatchObject({ success: false, errorCode: 'free_round_invalid' });
    const grants = await ctx.db
      .selectFrom('free_round_grants')
      .select('id')
      .where('record_id', '=', applied.body.value.id)
      .execute();
    expect(grants).toEqual([]);
    expect((await recordRow(applied.body.value.id)).state).toBe('issued');
  });

  it('migration 0048 gives the house slots already catalogued their stakes, and other games none', async () => {
    const db = ctx.db as unknown as Kysely<unknown>;
    await stakesMigration.down(db);
    await stakesMigration.up(db);
    const rows = await ctx.db
      .selectFrom('games')
      .select(['id', sql<string>`array_to_string(stakes, ',')`.as('stakes')])
      .where('id', 'in', [slotId, liveId])
      .execute();
    expect(rows.find((r) => r.id === slotId)?.stakes).toBe('20,40,100,200,400,1000,2000');
    expect(rows.find((r) => r.id === liveId)?.stakes).toBe('');
  });

  it('takes any stake from the minimum bet for a slot without stake levels', async () => {
    await ctx.db.updateTable('games').set({ stakes: sql`'{}'::bigint[]` }).where('id', '=', slotId).execute();
    try {
      expect((await createPromotion({ freeRoundsStake: '0.25' })).body).toMatchObject({ success: true });
      expect((await createPromotion({ freeRoundsStake: '0.19' })).body).toMatchObject({
        success: false,
        errorCode: 'promotion_invalid',
      });
    } finally {
      await ctx.db
        .updateTable('games')
        .set({ stakes: sql`'{20,40,100,200,400,1000,2000}'::bigint[]` })
        .where('id', '=', slotId)
        .execute();
    }
  });
});

describe('claiming free rounds', () => {
  it('grants N rounds, lists them in the session answer of that game only and in the reward centre', async () => {
    const made = await createPromotion();
    const { p, record } = await claimed(made.body.value.id);
    expect(record).toMatchObject({
      state: 'claimed',
      bonusAmount: '0.00',
      freeRounds: { gameCode: GAME, stake: '0.20', granted: 3, remaining: 3, state: 'active' },
    });
    expect(record.freeRounds?.gameName).not.toBe('');
    const g = await grant(record.id);
    expect(g).toMatchObject({
      rounds_granted: 3,
      rounds_used: 0,
      state: 'active',
      game_code: GAME,
      stake: '20',
    });

    const s = await session(p);
    expect(s.freeRounds).toEqual([
      { grantId: g.id, game: GAME, stake: '0.20', remaining: 3, expiresAt: expect.any(String) },
    ]);
    expect((await session(p, 'jade-ways')).freeRounds).toEqual([]);

    const centre = await memberGet<{ items: MemberPromotion[] }>(ctx, '/wps/promotions/rewards/mine', p);
    expect(centre.body.value.items.find((i) => i.id === record.id)?.freeRounds?.remaining).toBe(3);
    // The back office sees the grant in the member's bonuses.
    const bo = await team.bo<{ items: AdminMemberPromotion[] }>(
      'marketing',
      'GET',
      `/bo/v1/promotions/records?username=${p.username}`,
    );
    expect(bo.body.value.items[0]?.freeRounds).toMatchObject({ grantId: g.id, remaining: 3 });
    // Claimed once: a second claim is refused and grants nothing more.
    const again = await memberPost(ctx, `/wps/promotions/rewards/${record.id}/claim`, p, {});
    expect(again.body).toMatchObject({ success: false, errorCode: 'promotion_state_invalid' });
    const count = await ctx.db
      .selectFrom('free_round_grants')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('member_id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });
});

describe('free spins through the seamless wallet', () => {
  it('N + 1 parallel spins use exactly the N rounds granted and debit nothing', async () => {
    const made = await createPromotion({ freeRoundsCount: 3 });
    const { p, record } = await claimed(made.body.value.id);
    const g = await grant(record.id);
    const token = (await session(p)).token ?? '';
    const before = await wallet(p);
    const answers = await Promise.all([0, 1, 2, 3].map(() => spin(token, g.id)));
    const ok = answers.filter((a) => a.body.success);
    const refused = answers.filter((a) => !a.body.success);
    expect(ok).toHaveLength(3);
    expect(refused.map((a) => a.body.errorCode)).toEqual(['free_round_invalid']);
    expect(await wallet(p)).toBe(before);
    expect(await grant(record.id)).toMatchObject({ rounds_used: 3, state: 'used' });
    // No journal entry for a free stake: nothing for turnover, points, VIP, missions or wagering.
    expect((await journalOf(p.id)).filter((r) => r.kind.startsWith('seamless'))).toEqual([]);
    expect((await session(p)).freeRounds).toEqual([]);
  });

  it('refuses a wrong game, stake, member, expired or forged grant and keeps nothing', async () => {
    const made = await createPromotion({ freeRoundsCount: 5 });
    const { p, record } = await claimed(made.body.value.id);
    const g = await grant(record.id);
    const token = (await session(p)).token ?? '';
    const other = await player(ctx, { funds: 10_000n });
    const otherToken = (await session(other)).token ?? '';
    const before = await wallet(p);
    const cases: [string, Awaited<ReturnType<typeof spin>>][] = [
      ['wrong game', await spin(token, g.id, { gameId: 'jade-ways' })],
      ['wrong stake', await spin(token, g.id, { amount: '0.40' })],
      ['another member', await spin(otherToken, g.id)],
      ['forged id', await spin(token, '987654321987654')],
    ];
    for (const [name, res] of cases) {
      expect(res.body, name).toMatchObject({ success: false, errorCode: 'free_round_invalid' });
    }
    // Ids that are no grant id at all never reach the wallet.
    for (const bad of [`${g.id}\u0000`, '9999999999999999999', '0', '-1', `${g.id} `, '']) {
      const res = await spin(token, bad);
      expect(res.body.success, JSON.stringify(bad)).toBe(false);
      expect(res.status).not.toBe(200);
    }
    const overflow = await spin(token, g.id, { amount: '92233720368547758.08' });
    expect(overflow.body.success).toBe(false);
    expect(overflow.body.errorCode).toBe('amount_invalid');

    await sql`update free_round_grants set expires_at = now() - interval '1 second' where id = ${g.id}`.execute(
      ctx.db,
    );
    const expired = await spin(token, g.id);
    expect(expired.body).toMatchObject({ success: false, errorCode: 'free_round_invalid' });

    expect(await wallet(p)).toBe(before);
    expect(await grant(record.id)).toMatchObject({ rounds_used: 0 });
    const kept = await ctx.db
      .selectFrom('seamless_transactions')
      .select('id')
      .where('member_id', 'in', [p.id, other.id])
      .execute();
    expect(kept).toEqual([]);
    // The bonus job marks it expired.
    await expireBonuses(ctx.db, new Date(), (id) => brandCurrency(ctx.db, id), expiredWagering);
    expect(await grant(record.id)).toMatchObject({ state: 'expired' });
  });

  it('a rollback gives the round back once', async () => {
    const made = await createPromotion({ freeRoundsCount: 2 });
    const { p, record } = await claimed(made.body.value.id);
    const g = await grant(record.id);
    const token = (await session(p)).token ?? '';
    const bet = { transactionId: randomUUID(), roundId: randomUUID() };
    expect((await spin(token, g.id, bet)).body.success).toBe(true);
    // The same transaction id sent again is a replay: the same answer, no second round.
    expect((await spin(token, g.id, bet)).body.success).toBe(true);
    expect(await grant(record.id)).toMatchObject({ rounds_used: 1 });
    const before = await wallet(p);
    const rollback = () =>
      seamless(ctx, house, 'rollback', {
        token,
        transactionId: randomUUID(),
        betTransactionId: bet.transactionId,
        roundId: bet.roundId,
        gameId: GAME,
        currency: 'MYR',
      });
    const [a, b] = await Promise.all([rollback(), rollback()]);
    expect([a.body, b.body]).toMatchObject([{ success: true }, { success: true }]);
    expect(await grant(record.id)).toMatchObject({ rounds_used: 0, state: 'active' });
    expect(await wallet(p)).toBe(before);
    // The same transaction id with and without the grant is a mismatch, not a paid bet.
    const paid = await seamless(ctx, house, 'bet', {
      token,
      ...bet,
      gameId: GAME,
      amount: '0.20',
      currency: 'MYR',
    });
    expect(paid.body.success).toBe(false);
    expect(await wallet(p)).toBe(before);
  });

  it('pays the win from the bonus pool under the wagering, counts no turnover for free stakes', async () => {
    const made = await createPromotion({ freeRoundsCount: 3, wageringMultiplier: 10 });
    const { p, record } = await claimed(made.body.value.id);
    const g = await grant(record.id);
    const token = (await session(p)).token ?? '';
    const before = await wallet(p);
    const bet = { transactionId: randomUUID(), roundId: randomUUID() };
    expect((await spin(token, g.id, bet)).body.success).toBe(true);
    const win = await seamless(ctx, house, 'win', {
      token,
      transactionId: randomUUID(),
      betTransactionId: bet.transactionId,
      roundId: bet.roundId,
      gameId: GAME,
      amount: '5.00',
      currency: 'MYR',
    });
    expect(win.body).toMatchObject({ success: true });
    const ended = await seamless(ctx, house, 'roundEnd', { roundId: bet.roundId, gameId: GAME });
    expect(ended.body.success).toBe(true);
    expect(await wallet(p)).toBe(before + 500n);
    expect(await recordRow(record.id)).toMatchObject({
      state: 'process',
      bonus_amount: '500',
      locked_amount: '500',
      wagering_required: '5000',
      wagering_done: '0',
    });
    // A free spin paid at once (bet and win in one call).
    const both = await seamless(ctx, house, 'betWin', {
      token,
      transactionId: randomUUID(),
      roundId: randomUUID(),
      gameId: GAME,
      betAmount: '0.20',
      winAmount: '1.00',
      currency: 'MYR',
      freeRoundGrantId: g.id,
    });
    expect(both.body).toMatchObject({ success: true });
    expect(await wallet(p)).toBe(before + 600n);
    expect(await recordRow(record.id)).toMatchObject({
      bonus_amount: '600',
      locked_amount: '600',
      wagering_required: '6000',
    });
    const kinds = (await journalOf(p.id)).map((r) => `${r.kind}:${r.amount}`);
    expect(kinds).toEqual(['promotion_free_round_win:500', 'promotion_free_round_win:100']);
    // The pool paid it: the reconciliation after the test checks every entry balances.
    await drainWritten(ctx.db, promotionWagering, { maxBatches: 1000 });
    await drainWritten(ctx.db, pointsEarning, { maxBatches: 1000 });
    expect((await recordRow(record.id)).wagering_done).toBe('0');
    const points = await ctx.db
      .selectFrom('points_accounts')
      .select('balance')
      .where('member_id', '=', p.id)
      .executeTakeFirst();
    expect(BigInt(points?.balance ?? '0')).toBe(0n);

    // A paid bet of the member counts towards the wagering (the control of the case above).
    const paid = await seamless(ctx, house, 'bet', {
      token,
      transactionId: randomUUID(),
      roundId: randomUUID(),
      gameId: GAME,
      amount: '1.00',
      currency: 'MYR',
    });
    expect(paid.body.success).toBe(true);
    await drainWritten(ctx.db, promotionWagering, { maxBatches: 1000 });
    expect((await recordRow(record.id)).wagering_done).toBe('100');
    // Rollback after the win: the bet is settled, its round stays used.
    const late = await seamless(ctx, house, 'rollback', {
      token,
      transactionId: randomUUID(),
      betTransactionId: bet.transactionId,
      roundId: bet.roundId,
      gameId: GAME,
      currency: 'MYR',
    });
    expect(late.body).toMatchObject({ success: false, errorCode: 'bet_already_settled' });
    expect(await grant(record.id)).toMatchObject({ rounds_used: 2 });
  });

  it('in the transfer mode: spins from the wallet at the vendor, the win goes to the main wallet as bonus', async () => {
    const made = await createPromotion({ freeRoundsCount: 2, wageringMultiplier: 10 });
    const { p, record } = await claimed(made.body.value.id);
    const g = await grant(record.id);
    await setWalletSettings(ctx.db, p.brand.id, { singleWallet: false });
    try {
      const opened = await session(p);
      expect(opened.balance).toBe('0.00');
      expect(opened.freeRounds).toEqual([expect.objectContaining({ grantId: g.id, remaining: 2 })]);
      const token = opened.token ?? '';
      const before = await wallet(p);
      const both = await seamless(ctx, house, 'betWin', {
        token,
        transactionId: randomUUID(),
        roundId: randomUUID(),
        gameId: GAME,
        betAmount: '0.20',
        winAmount: '2.00',
        currency: 'MYR',
        freeRoundGrantId: g.id,
      });
      // The game's balance is the wallet at the vendor: nothing debited from it, nothing paid into it.
      expect(both.body).toMatchObject({ success: true, value: { balance: '0.00' } });
      const bet = { transactionId: randomUUID(), roundId: randomUUID() };
      expect((await spin(token, g.id, bet)).body).toMatchObject({
        success: true,
        value: { balance: '0.00' },
      });
      const win = await seamless(ctx, house, 'win', {
        token,
        transactionId: randomUUID(),
        betTransactionId: bet.transactionId,
        roundId: bet.roundId,
        gameId: GAME,
        amount: '1.50',
        currency: 'MYR',
      });
      expect(win.body).toMatchObject({ success: true, value: { balance: '0.00' } });
      expect(await wallet(p)).toBe(before + 350n);
      const vendor = await ctx.db
        .selectFrom('vendors')
        .select('id')
        .where('brand_id', '=', p.brand.id)
        .where('code', '=', house.code)
        .executeTakeFirstOrThrow();
      const { account } = await ensureAccount(ctx.db, vendorWalletRef(p.brand, p.id, vendor.id));
      expect(await accountBalance(ctx.db, account.id)).toBe(0n);
      expect(await grant(record.id)).toMatchObject({ rounds_used: 2, state: 'used' });
      expect(await recordRow(record.id)).toMatchObject({
        bonus_amount: '350',
        locked_amount: '350',
        wagering_required: '3500',
      });
      // None left: a third spin is refused and keeps nothing.
      expect((await spin(token, g.id)).body).toMatchObject({
        success: false,
        errorCode: 'free_round_invalid',
      });
      expect(await wallet(p)).toBe(before + 350n);
    } finally {
      await setWalletSettings(ctx.db, p.brand.id, { singleWallet: true });
    }
  });
});
