import { createHash, randomBytes } from 'node:crypto';
import {
  createMember,
  fundMember,
  getBrandSettings,
  setBrandFlags,
  setFundsPassword,
} from '@lotus/api/harness';
import { sql } from 'kysely';
import pg from 'pg';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { oneUtcDay } from '../apps/api/test/days.ts';
import { launchBrowser, newPage, siteUrl } from './browser.ts';
import { db, memberSignedIn, unique } from './pages.ts';

/**
 * Rewards end to end (issue 15), nothing mocked: a new member deposits through the demo gateway,
 * applies for a first-deposit promotion (10% of the deposit, wagering 1x on slots) and claims the
 * bonus in the reward centre, plays the house vendor's slot in the frame until the wagering is met
 * (bonusDetails shows the progress, then the bonus completed and unlocked), redeems the points the
 * spins earned in the points mall, and claims the cashback of those spins on the manual rebate page.
 * Every money figure is read from the page and checked to the cent against the vendor's own rounds.
 */
let browser: Browser;
let minimumBefore: string | null = null;
let flagBefore = false;
beforeAll(async () => {
  browser = await launchBrowser();
  await db(async (d) => {
    const { rows } = await sql<{ min: string }>`
      select s.rebate_min_payout::text as min from vip_settings s
      join brands b on b.id = s.brand_id where b.merchant_code = 'DEMO'`.execute(d);
    minimumBefore = rows[0]?.min ?? null;
    flagBefore = (await getBrandSettings(d, 'DEMO'))?.featureFlags.MANPLAYREB3 ?? false;
    // Cashback on: the member's few spins rebate cents, so the brand's minimum payout is 0.01 here.
    await setBrandFlags(d, 'DEMO', { MANPLAYREB3: true });
    await sql`update vip_settings set rebate_min_payout = 1
              where brand_id = (select id from brands where merchant_code = 'DEMO')`.execute(d);
  });
});
afterAll(async () => {
  await db(async (d) => {
    await setBrandFlags(d, 'DEMO', { MANPLAYREB3: flagBefore });
    if (minimumBefore !== null)
      await sql`update vip_settings set rebate_min_payout = ${minimumBefore}::bigint
                where brand_id = (select id from brands where merchant_code = 'DEMO')`.execute(d);
  });
  await browser?.close();
});

const DEPOSIT = 10_000n; // 100.00
const BONUS = 1_000n; // 10% of it, up to 10.00
const STAKE = 200n; // the slot's bet once raised three times: coin 10 x 20 coins

/** Minor units as the site and the game print them: 1,234.50 */
const major = (minor: bigint) => {
  const sign = minor < 0n ? '-' : '';
  const abs = minor < 0n ? -minor : minor;
  return `${sign}${(abs / 100n).toLocaleString('en-US')}.${(abs % 100n).toString().padStart(2, '0')}`;
};

type VendorRound = { id: string; stake: string; payout: string | null; status: string };

/** The vendor's own records of the player's rounds (its database, never the platform's). */
async function vendorRounds(playerId: string): Promise<VendorRound[]> {
  const client = new pg.Client({ connectionString: inject('vendorDatabaseUrl') });
  await client.connect();
  try {
    const { rows } = await client.query<VendorRound>(
      `select id, stake::text, payout::text, status from rounds
       where brand = 'DEMO' and player_id = $1 order by created_at, id`,
      [playerId],
    );
    return rows;
  } finally {
    await client.end();
  }
}

const staked = (rounds: readonly VendorRound[]) => rounds.reduce((s, r) => s + BigInt(r.stake), 0n);
const paid = (rounds: readonly VendorRound[]) => rounds.reduce((s, r) => s + BigInt(r.payout ?? '0'), 0n);

/** Polls `read` until `done` holds (the event-feed consumers work after the call that fed them). */
async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The header balance after its refresh button, as the member reads it. */
async function headerBalanceIs(page: Page, minor: bigint): Promise<void> {
  await page.getByTestId('balance-refresh').click();
  await page.waitForFunction(
    (expected) => (document.querySelector('[data-testid="balance"]')?.textContent ?? '').includes(expected),
    major(minor),
    { timeout: 15_000 },
  );
}

/** Opens a page of the member centre from the logged-in bar's personal centre link. */
async function openMemberPage(page: Page, item: string) {
  await page.getByTestId('personal-centre').click();
  const centre = page.getByTestId('member-centre');
  await centre.getByTestId(`member-menu-${item}`).click();
  return centre;
}

async function closeMemberCentre(page: Page) {
  await page.keyboard.press('Escape');
  await page.getByTestId('member-centre').waitFor({ state: 'hidden' });
}

/** The member opens Lotus Garden from the slots page; the frame shows the platform balance. */
async function openSlot(page: Page, balance: bigint): Promise<FrameLocator> {
  await page.getByTestId('bottom-nav').getByRole('link', { name: 'Slots' }).click();
  await page.waitForURL(/\/rng$/);
  await page.getByRole('navigation', { name: 'Game providers' }).waitFor();
  await page.getByRole('button', { name: 'Play Lotus Garden', exact: true }).click();
  await page.waitForURL(/\/game\?vendor=HOUSE&game=lotus-garden/);
  const game = page.frameLocator('[data-testid="game-iframe"]');
  await game.getByText(`RM ${major(balance)}`).waitFor({ timeout: 30_000 });
  // 0.20 -> 0.40 -> 1.00 -> 2.00 a spin.
  for (let i = 0; i < 3; i += 1) await game.getByRole('button', { name: 'Raise the bet' }).click();
  await game.getByRole('button', { name: `Spin for ${major(STAKE)}` }).waitFor();
  return game;
}

/** Spins until the vendor has settled `stake` of paid spins in all; answers its rounds. */
async function spinUntil(game: FrameLocator, playerId: string, stake: bigint): Promise<VendorRound[]> {
  let rounds = await vendorRounds(playerId);
  while (staked(rounds) < stake) {
    const before = rounds.length;
    await game.getByRole('button', { name: /^Spin for / }).click();
    rounds = await until(
      'vendor rounds',
      () => vendorRounds(playerId),
      (r) => r.length > before && r.every((x) => x.status === 'settled'),
    );
    await game.locator('button.spin:not([disabled])').waitFor({ timeout: 15_000 });
    rounds = await vendorRounds(playerId);
  }
  return rounds;
}

async function leaveGame(page: Page) {
  await page.getByRole('button', { name: /Back to the lobby/ }).click();
  await page.waitForURL(/\/rng$/);
}

describe('rewards in the browser', () => {
  it('deposit, first-deposit bonus, wagering on the house slot, points mall, cashback: each balance to the cent', async () => {
    const username = `rw${unique()}`;
    await db((d) => createMember(d, { merchantCode: 'DEMO', username, password: 'Secret123' }));
    const { context, page } = await newPage(browser);
    await memberSignedIn(page, username, 'Secret123');
    const title = `First deposit 10% ${unique()}`;
    const productName = `Lotus cap ${unique()}`;
    const member = await memberRow(username);
    // The promotion as an operator composes it: the member's first deposit, 10% up to 10.00,
    // turnover 1x the bonus, slots count 100%; only this member qualifies (other scenarios run here).
    const promotionId = await promotionFor(member, username, {
      title,
      rules: { depositNth: 1 },
      rewardKind: 'percent',
      columns: { reward_percent_bp: 1_000, reward_cap: BONUS.toString(), wagering_multiplier: 1 },
    });
    const setup = await db(async (d) => {
      await setFundsPassword(d, { merchantCode: 'DEMO', username, fundsPassword: '135790' });
      const product = await d
        .insertInto('points_products')
        .values({ brand_id: member.brand_id, name: productName, kind: 'physical', points: '5', stock: 3 })
        .returning('id')
        .executeTakeFirstOrThrow();
      const { rows: rates } = await sql<{ category: string; milli: number }>`
        select category, milli_points as milli from points_rates where brand_id = ${member.brand_id}`.execute(
        d,
      );
      const { rows: vendor } = await sql<{ id: string }>`
        select id::text as id from vendors where brand_id = ${member.brand_id} and code = 'HOUSE'`.execute(d);
      return {
        memberId: member.id,
        promotionId,
        productId: product.id,
        rngMilli: BigInt(rates.find((r) => r.category === 'RNG')?.milli ?? 1_200),
        depositMilli: BigInt(rates.find((r) => r.category === 'DEPOSIT')?.milli ?? 0),
        vendorId: vendor[0]?.id ?? '',
      };
    });
    const playerId = createHash('sha256')
      .update(`lotus-player:${setup.vendorId}:${setup.memberId}`)
      .digest('hex')
      .slice(0, 32);
    const memberPromotion = () =>
      db((d) =>
        d
          .selectFrom('member_promotions')
          .select(['state', 'wagering_done', 'locked_amount'])
          .where('member_id', '=', setup.memberId)
          .where('promotion_id', '=', setup.promotionId)
          .executeTakeFirst(),
      );

    // 1. The deposit through the demo gateway: 100.00.
    await page.getByTestId('logged-in-bar').getByRole('button', { name: 'Deposit' }).click();
    const form = page.getByTestId('deposit-form');
    await form.getByTestId('deposit-method-gateway').check();
    await form.getByTestId('deposit-amount').fill(major(DEPOSIT));
    await form.getByTestId('deposit-submit').click();
    await page.waitForURL(/\/wps\/deposits\/demo-gateway\/DP[0-9A-F]{20}$/, { timeout: 15_000 });
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.getByTestId('logged-in-bar').waitFor({ timeout: 30_000 });
    await headerBalanceIs(page, DEPOSIT);

    // 2. The promotion's card: apply; it is ready to claim.
    await page.goto(`${siteUrl()}/promotions`);
    const card = page.getByTestId('promotion-card').filter({ hasText: title });
    await card.getByRole('button', { name: 'Apply' }).click();
    await card.getByText('Ready to claim').waitFor({ timeout: 15_000 });

    // 3. The reward centre: claim; the bonus is in the wallet, in wagering.
    const centre = await openMemberPage(page, 'rewardCenter');
    const reward = centre.getByTestId('reward-item').filter({ hasText: title });
    await expect(reward.innerText()).resolves.toContain(`Bonus: ${major(BONUS)}`);
    await reward.getByRole('button', { name: 'Claim' }).click();
    await reward.getByText('Wagering').waitFor({ timeout: 15_000 });
    await closeMemberCentre(page);
    await headerBalanceIs(page, DEPOSIT + BONUS);

    // 4. bonusDetails before any bet: nothing wagered, the bonus locked.
    let details = await openMemberPage(page, 'bonusDetails');
    let bonus = details.getByTestId('bonus-item').filter({ hasText: title });
    await bonus.getByText(`0.00 / ${major(BONUS)}`).waitFor({ timeout: 15_000 });
    await expect(bonus.innerText()).resolves.toMatch(
      new RegExp(`Locked until wagering is met\\s+${major(BONUS)}`),
    );
    await closeMemberCentre(page);

    // 5. Two paid spins of 2.00, then bonusDetails shows the progress, the bonus still locked.
    let game = await openSlot(page, DEPOSIT + BONUS);
    let rounds = await spinUntil(game, playerId, 2n * STAKE);
    const firstStake = staked(rounds);
    await until('wagering progress', memberPromotion, (p) => p?.wagering_done === firstStake.toString());
    await leaveGame(page);
    await headerBalanceIs(page, DEPOSIT + BONUS - staked(rounds) + paid(rounds));
    details = await openMemberPage(page, 'bonusDetails');
    bonus = details.getByTestId('bonus-item').filter({ hasText: title });
    await bonus.getByText(`${major(firstStake)} / ${major(BONUS)}`).waitFor({ timeout: 15_000 });
    await expect(bonus.innerText()).resolves.toContain('Wagering');
    await expect(bonus.getByRole('progressbar').getAttribute('aria-valuenow')).resolves.toBe(
      String((firstStake * 100n) / BONUS),
    );
    await closeMemberCentre(page);

    // 6. Spins until 10.00 is wagered: the bonus is completed and unlocked (withdrawable).
    const balanceNow = DEPOSIT + BONUS - staked(rounds) + paid(rounds);
    game = await openSlot(page, balanceNow);
    rounds = await spinUntil(game, playerId, BONUS);
    const turnover = staked(rounds);
    const balance = DEPOSIT + BONUS - turnover + paid(rounds);
    await game.getByText(`RM ${major(balance)}`).waitFor({ timeout: 15_000 });
    const done = await until('bonus completed', memberPromotion, (p) => p?.state === 'signed');
    expect(done).toMatchObject({ state: 'signed', locked_amount: '0' });
    await leaveGame(page);
    await headerBalanceIs(page, balance);
    details = await openMemberPage(page, 'bonusDetails');
    bonus = details.getByTestId('bonus-item').filter({ hasText: title });
    await bonus.getByText('Completed').waitFor({ timeout: 15_000 });
    await expect(bonus.innerText()).resolves.toContain(`${major(BONUS)} / ${major(BONUS)}`);
    await expect(bonus.innerText()).resolves.toMatch(/Locked until wagering is met\s+0\.00/);
    await expect(bonus.getByRole('progressbar').getAttribute('aria-valuenow')).resolves.toBe('100');
    await closeMemberCentre(page);

    // 7. The points mall: the spins earned floor(turnover x the slots' rate) points (and the
    // deposit its own rate's); one product of 5 points is redeemed with the funds password.
    const points = (turnover * setup.rngMilli) / 100_000n + (DEPOSIT * setup.depositMilli) / 100_000n;
    expect(points).toBeGreaterThanOrEqual(5n);
    await until(
      'points earned',
      () =>
        db(async (d) => {
          const { rows } = await sql<{ balance: string }>`
            select balance::text as balance from points_accounts where member_id = ${setup.memberId} and kind = 'member'`.execute(
            d,
          );
          return rows[0]?.balance ?? '0';
        }),
      (b) => b === points.toString(),
    );
    await page.goto(`${siteUrl()}/pointMall`);
    const mall = page.getByTestId('point-mall');
    await mall.getByText(`Your points: ${points}`).waitFor({ timeout: 15_000 });
    await mall.getByTestId(`point-redeem-${setup.productId}`).click();
    const redeem = mall.getByTestId('point-redeem-form');
    await redeem.getByLabel('Delivery address').fill('8 Lorong Lotus, George Town, Penang');
    await redeem.getByLabel('Mobile number').fill('123456789');
    await redeem.getByLabel('Funds password').fill('135790');
    await redeem.getByTestId('point-redeem-submit').click();
    await redeem
      .getByRole('status')
      .filter({ hasText: 'Your exchange was submitted' })
      .waitFor({ timeout: 15_000 });
    await mall.getByText(`Your points: ${points - 5n}`).waitFor({ timeout: 15_000 });
    await headerBalanceIs(page, balance);

    // 8. Cashback: the slots' turnover at level 0's rate (0.30%), rounded down, claimed once.
    const cashback = (turnover * 30n) / 10_000n;
    expect(cashback).toBeGreaterThan(0n);
    await until(
      'turnover counted',
      () =>
        db(async (d) => {
          const { rows } = await sql<{ stake: string | null }>`
            select sum(stake)::text as stake from vip_turnover where member_id = ${setup.memberId}`.execute(
            d,
          );
          return rows[0]?.stake ?? '0';
        }),
      (s) => s === turnover.toString(),
    );
    // The logged-in bar's cashback item opens the manual rebate page.
    await page.getByTestId('logged-in-bar').getByRole('button', { name: 'Cashback' }).click();
    const rebate = page.getByTestId('member-centre').getByTestId('manual-rebate');
    await rebate
      .getByTestId('rebate-total')
      .filter({ hasText: major(cashback) })
      .waitFor({ timeout: 15_000 });
    await expect(rebate.innerText()).resolves.toContain(major(turnover));
    await rebate.getByRole('button', { name: `Claim ${major(cashback)}` }).click();
    await rebate
      .getByTestId('rebate-paid')
      .filter({ hasText: `${major(cashback)} cashback was added to your wallet.` })
      .waitFor({ timeout: 15_000 });
    await rebate.getByTestId('rebate-total').filter({ hasText: '0.00' }).waitFor({ timeout: 15_000 });
    await closeMemberCentre(page);
    await headerBalanceIs(page, balance + cashback);

    // The ledger agrees with every figure the page showed.
    const wallet = await db(async (d) => {
      const { rows } = await sql<{ balance: string }>`
        select balance::text as balance from ledger_accounts where member_id = ${setup.memberId} and kind = 'member_main'`.execute(
        d,
      );
      return rows[0]?.balance;
    });
    expect(wallet).toBe((balance + cashback).toString());
    await context.close();
  }, 480_000);
});

/** The DEMO member's id and brand. */
async function memberRow(username: string) {
  return db((d) =>
    d
      .selectFrom('members')
      .innerJoin('brands', 'brands.id', 'members.brand_id')
      .select(['members.id', 'members.brand_id'])
      .where('brands.merchant_code', '=', 'DEMO')
      .where('members.username', '=', username)
      .executeTakeFirstOrThrow(),
  );
}

/** A promotion open to this member only (other scenarios share the brand), as an operator saves it. */
async function promotionFor(
  member: { brand_id: string },
  username: string,
  values: {
    title: string;
    rules?: object;
    rewardKind?: string;
    rewardAmount?: bigint;
    /** Other columns of the promotion as the builder would save them. */
    columns?: { reward_percent_bp?: number; reward_cap?: string; wagering_multiplier?: number };
  },
): Promise<string> {
  return db(async (d) => {
    const row = await d
      .insertInto('promotions')
      .values({
        brand_id: member.brand_id,
        title_en: values.title,
        status: 'active',
        starts_at: new Date(Date.now() - 3_600_000),
        ends_at: new Date(Date.now() + 86_400_000),
        frequency: 'once',
        rules: JSON.stringify({ usernames: [username.toLowerCase()], ...values.rules }),
        reward_kind: values.rewardKind ?? 'fixed',
        reward_amount: (values.rewardAmount ?? 0n).toString(),
        reward_percent_bp: 0,
        reward_cap: '0',
        wagering_multiplier: 0,
        wagering_includes_deposit: false,
        max_bet: '0',
        needs_approval: false,
        asks_contact: false,
        contributions: JSON.stringify({ RNG: 100 }),
        expiry_days: 7,
        ...values.columns,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

/** A raffle with one prize (its committed seed as the builder makes it). */
async function raffleFor(
  member: { brand_id: string },
  username: string,
  title: string,
  prize: { name: string; kind: 'money' | 'points'; amount?: bigint; points?: bigint },
): Promise<string> {
  const id = await promotionFor(member, username, { title, rewardKind: 'raffle' });
  await db(async (d) => {
    const seed = randomBytes(32).toString('hex');
    await d
      .insertInto('promotion_raffles')
      .values({
        brand_id: member.brand_id,
        promotion_id: id,
        server_seed: seed,
        seed_hash: createHash('sha256').update(seed).digest('hex'),
      })
      .execute();
    await d
      .insertInto('promotion_raffle_prizes')
      .values({
        brand_id: member.brand_id,
        promotion_id: id,
        position: 0,
        name_en: prize.name,
        kind: prize.kind,
        amount: (prize.amount ?? 0n).toString(),
        points: (prize.points ?? 0n).toString(),
        weight: 1,
        stock: 5,
        remaining: 5,
      })
      .execute();
  });
  return id;
}

async function openPromotions(page: Page) {
  await page.goto(`${siteUrl()}/promotions`);
}

describe('raffles, VIP-restricted promotions and withdrawal limits in the browser', () => {
  it('draws a money raffle and a points raffle: each prize shown, the balance and the points change', async () => {
    const username = `rf${unique()}`;
    await db((d) => createMember(d, { merchantCode: 'DEMO', username, password: 'Secret123' }));
    const member = await memberRow(username);
    const cashTitle = `Cash raffle ${unique()}`;
    const pointsTitle = `Points raffle ${unique()}`;
    await raffleFor(member, username, cashTitle, { name: 'Red packet', kind: 'money', amount: 388n });
    await raffleFor(member, username, pointsTitle, { name: 'Points bag', kind: 'points', points: 25n });
    const { context, page } = await newPage(browser);
    await memberSignedIn(page, username, 'Secret123');
    await headerBalanceIs(page, 0n);

    await openPromotions(page);
    for (const title of [cashTitle, pointsTitle]) {
      const card = page.getByTestId('promotion-card').filter({ hasText: title });
      await card.getByRole('button', { name: 'Apply' }).click();
      await card.getByRole('button', { name: 'Draw my ticket' }).waitFor({ timeout: 15_000 });
      await card.getByRole('button', { name: 'Draw my ticket' }).click();
      const won = card.getByTestId('raffle-prize');
      await won.waitFor({ timeout: 15_000 });
      await expect(won.innerText()).resolves.toBe(
        title === cashTitle
          ? `You won Red packet (${major(388n)}).`
          : 'You won Points bag: 25 points added to your points.',
      );
    }
    await headerBalanceIs(page, 388n);

    // The reward centre names both prizes, the points one with its points.
    const centre = await openMemberPage(page, 'rewardCenter');
    await centre
      .getByTestId('reward-item')
      .filter({ hasText: cashTitle })
      .getByText('Prize: Red packet')
      .waitFor({ timeout: 15_000 });
    await centre
      .getByTestId('reward-item')
      .filter({ hasText: pointsTitle })
      .getByText('Prize: Points bag (25 points)')
      .waitFor();
    await closeMemberCentre(page);

    await page.goto(`${siteUrl()}/pointMall`);
    await page.getByTestId('point-mall').getByText('Your points: 25').waitFor({ timeout: 15_000 });
    const ledger = await db(async (d) => {
      const { rows } = await sql<{ main: string; points: string }>`
        select (select balance::text from ledger_accounts where member_id = ${member.id} and kind = 'member_main') as main,
               (select balance::text from points_accounts where member_id = ${member.id} and kind = 'member') as points`.execute(
        d,
      );
      return rows[0];
    });
    expect(ledger).toEqual({ main: '388', points: '25' });
    await context.close();
  }, 240_000);

  it('refuses a promotion of VIP level 1 and up to a level-0 member with the translated error', async () => {
    const username = `vp${unique()}`;
    await db((d) => createMember(d, { merchantCode: 'DEMO', username, password: 'Secret123' }));
    const member = await memberRow(username);
    const title = `Bronze and up ${unique()}`;
    await promotionFor(member, username, { title, rules: { vipLevelMin: 1 }, rewardAmount: 500n });
    const { context, page } = await newPage(browser);
    await memberSignedIn(page, username, 'Secret123');
    await openPromotions(page);
    const card = page.getByTestId('promotion-card').filter({ hasText: title });
    await card.getByRole('button', { name: 'Apply' }).click();
    await card
      .getByRole('alert')
      .filter({ hasText: 'You do not meet the conditions of this promotion.' })
      .waitFor({ timeout: 15_000 });
    // In Bahasa Melayu the same refusal reads in Malay.
    await page.getByTestId('language-picker').click();
    await page.getByRole('menuitemradio', { name: /Bahasa Melayu/ }).click();
    await card.getByRole('button', { name: 'Mohon' }).click();
    await card
      .getByRole('alert')
      .filter({ hasText: 'Anda tidak memenuhi syarat promosi ini.' })
      .waitFor({ timeout: 15_000 });
    const records = await db((d) =>
      d.selectFrom('member_promotions').select('id').where('member_id', '=', member.id).execute(),
    );
    expect(records).toEqual([]);
    await headerBalanceIs(page, 0n);
    await context.close();
  }, 180_000);

  it(
    'shows the level-0 withdrawal limits (3 a day) with what is used, and refuses the 4th of the day',
    // The count is the server's own UTC day: a run across midnight runs again.
    oneUtcDay(async () => {
      const username = `wl${unique()}`;
      await db(async (d) => {
        await createMember(d, { merchantCode: 'DEMO', username, password: 'Secret123' });
        await setFundsPassword(d, { merchantCode: 'DEMO', username, fundsPassword: '135790' });
        await fundMember(d, { merchantCode: 'DEMO', username, amount: '2000.00' });
      });
      const { context, page } = await newPage(browser);
      await memberSignedIn(page, username, 'Secret123');
      await page.getByTestId('logged-in-bar').getByRole('button', { name: 'Withdraw' }).click();
      const withdrawals = page.getByTestId('withdraw-page');
      await withdrawals.waitFor({ timeout: 15_000 });
      const cardForm = withdrawals.getByTestId('add-card-form');
      await cardForm.getByLabel('Bank name').fill('Maybank');
      await cardForm.getByLabel('Account holder name').fill('E2E Member');
      await cardForm.getByLabel('Account number').fill(`56${Date.now().toString().slice(-10)}`);
      await cardForm.getByLabel('Login password').fill('Secret123');
      await cardForm.getByRole('button', { name: 'Add bank card' }).click();
      await withdrawals.getByTestId('bank-cards').locator('li').first().waitFor();

      const count = withdrawals.getByTestId('withdraw-daily-count');
      const amount = withdrawals.getByTestId('withdraw-daily-amount');
      await count.filter({ hasText: '0 of 3 used, 3 left' }).waitFor({ timeout: 15_000 });
      await expect(amount.innerText()).resolves.toContain(`of RM ${major(5_000_000n)} used`);
      const form = withdrawals.getByTestId('withdraw-form');
      for (let i = 1; i <= 3; i += 1) {
        await form.getByLabel('Amount').fill('100');
        await form.getByLabel('Funds password').fill('135790');
        await form.getByTestId('withdraw-submit').click();
        await count.filter({ hasText: `${i} of 3 used, ${3 - i} left` }).waitFor({ timeout: 15_000 });
      }
      await expect(amount.innerText()).resolves.toBe(
        `RM ${major(30_000n)} of RM ${major(5_000_000n)} used, RM ${major(4_970_000n)} left`,
      );
      await withdrawals.getByTestId('withdraw-daily-reached').waitFor();

      // The 4th of the day is refused by the server with the catalogue's text; nothing moves.
      await form.getByLabel('Amount').fill('100');
      await form.getByLabel('Funds password').fill('135790');
      await form.getByTestId('withdraw-submit').click();
      await withdrawals
        .getByRole('alert')
        .filter({ hasText: 'You have reached the number of withdrawals allowed today.' })
        .waitFor({ timeout: 15_000 });
      await closeMemberCentre(page);
      await headerBalanceIs(page, 200_000n - 30_000n);
      const stored = await db(async (d) => {
        const { rows } = await sql<{ n: string }>`
        select count(*)::text as n from withdrawals w join members m on m.id = w.member_id
        where m.username = ${username}`.execute(d);
        return rows[0]?.n;
      });
      expect(stored).toBe('3');
      await context.close();
    }),
    480_000,
  );
});
