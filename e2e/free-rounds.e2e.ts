import { createHash } from 'node:crypto';
import { createMember } from '@lotus/api/harness';
import { sql } from 'kysely';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage, siteUrl } from './browser.ts';
import { db, memberSignedIn, unique } from './pages.ts';

/**
 * Free-round rewards end to end (docs/free-rounds.md), nothing mocked: a member applies for a
 * promotion of 3 free spins of Lotus Garden at 0.20 (wagering 5x), claims it in the reward centre,
 * launches the game from the grant's button, plays the 3 free spins the slot page offers (nothing
 * debited), and finds what they won in the wallet as a bonus under wagering in bonusDetails, to the
 * cent against the vendor's own rounds.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const ROUNDS = 3;
const STAKE = 20n; // 0.20: Lotus Garden's 20 coins at coin value 1
const MULTIPLIER = 5n;

const major = (minor: bigint) =>
  `${(minor / 100n).toLocaleString('en-US')}.${(minor % 100n).toString().padStart(2, '0')}`;

type VendorRound = { id: string; stake: string; payout: string | null; status: string; grant: string | null };

/** The vendor's own records of the player's rounds (its database, never the platform's). */
async function vendorRounds(playerId: string): Promise<VendorRound[]> {
  const client = new pg.Client({ connectionString: inject('vendorDatabaseUrl') });
  await client.connect();
  try {
    const { rows } = await client.query<VendorRound>(
      `select id, stake::text, payout::text, status, free_round_grant_id as grant from rounds
       where brand = 'DEMO' and player_id = $1 order by created_at, id`,
      [playerId],
    );
    return rows;
  } finally {
    await client.end();
  }
}

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function openMemberPage(page: Page, item: string) {
  await page.getByTestId('personal-centre').click();
  const centre = page.getByTestId('member-centre');
  await centre.getByTestId(`member-menu-${item}`).click();
  return centre;
}

describe('free rounds in the browser', () => {
  it('claim, launch from the reward centre, spin the free rounds, see the win as a bonus under wagering', async () => {
    const username = `fr${unique()}`;
    await db((d) => createMember(d, { merchantCode: 'DEMO', username, password: 'Secret123' }));
    const title = `Free spins ${unique()}`;
    const setup = await db(async (d) => {
      const member = await d
        .selectFrom('members')
        .innerJoin('brands', 'brands.id', 'members.brand_id')
        .select(['members.id', 'members.brand_id'])
        .where('brands.merchant_code', '=', 'DEMO')
        .where('members.username', '=', username)
        .executeTakeFirstOrThrow();
      const { rows: game } = await sql<{ id: string; vendor: string }>`
        select g.id::text as id, v.id::text as vendor from games g join vendors v on v.id = g.vendor_id
         where g.brand_id = ${member.brand_id} and v.code = 'HOUSE' and g.code = 'lotus-garden'`.execute(d);
      // As an operator composes it in the builder; only this member qualifies.
      const promo = await d
        .insertInto('promotions')
        .values({
          brand_id: member.brand_id,
          title_en: title,
          status: 'active',
          starts_at: new Date(Date.now() - 3_600_000),
          ends_at: new Date(Date.now() + 86_400_000),
          frequency: 'once',
          rules: JSON.stringify({ usernames: [username.toLowerCase()] }),
          reward_kind: 'free_rounds',
          reward_amount: '0',
          reward_percent_bp: 0,
          reward_cap: '0',
          wagering_multiplier: Number(MULTIPLIER),
          wagering_includes_deposit: false,
          max_bet: '0',
          needs_approval: false,
          asks_contact: false,
          contributions: JSON.stringify({ RNG: 100 }),
          expiry_days: 7,
          free_rounds_game: game[0]?.id ?? null,
          free_rounds_stake: STAKE.toString(),
          free_rounds_count: ROUNDS,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { memberId: member.id, promotionId: promo.id, vendorId: game[0]?.vendor ?? '' };
    });
    const playerId = createHash('sha256')
      .update(`lotus-player:${setup.vendorId}:${setup.memberId}`)
      .digest('hex')
      .slice(0, 32);

    const { context, page } = await newPage(browser);
    await memberSignedIn(page, username, 'Secret123');

    // 1. Apply on the promotion's card, claim in the reward centre: 3 free spins, none played.
    await page.goto(`${siteUrl()}/promotions`);
    const card = page.getByTestId('promotion-card').filter({ hasText: title });
    await card.getByRole('button', { name: 'Apply' }).click();
    await card.getByText('Ready to claim').waitFor({ timeout: 15_000 });
    const centre = await openMemberPage(page, 'rewardCenter');
    const reward = centre.getByTestId('reward-item').filter({ hasText: title });
    await reward.getByRole('button', { name: 'Claim' }).click();
    const grant = reward.getByTestId('free-round-grant');
    await grant
      .getByText(`Free spins: ${ROUNDS} of ${ROUNDS} left on Lotus Garden at ${major(STAKE)} each`)
      .waitFor({ timeout: 15_000 });

    // 2. The grant's button launches the game; the slot page offers the free spins.
    await grant.getByRole('link', { name: 'Play free spins' }).click();
    await page.waitForURL(/\/game\?vendor=HOUSE&game=lotus-garden/);
    const game = page.frameLocator('[data-testid="game-iframe"]');
    await game.getByText(`${ROUNDS} free spins at ${major(STAKE)}`).waitFor({ timeout: 30_000 });
    await game.getByText('RM 0.00').waitFor();

    // 3. Three free spins: each settled by the vendor with the grant on its round.
    for (let i = 1; i <= ROUNDS; i += 1) {
      await game.getByRole('button', { name: 'Play a free spin' }).click();
      await until(
        'free spin settled',
        () => vendorRounds(playerId),
        (r) => r.length === i && r.every((x) => x.status === 'settled'),
      );
      await game.locator('button.spin:not([disabled])').waitFor({ timeout: 15_000 });
    }
    const rounds = await vendorRounds(playerId);
    expect(rounds.map((r) => [r.stake, r.grant !== null])).toEqual(
      Array.from({ length: ROUNDS }, () => [STAKE.toString(), true]),
    );
    const won = rounds.reduce((s, r) => s + BigInt(r.payout ?? '0'), 0n);
    await game
      .getByRole('button', { name: 'Play a free spin' })
      .waitFor({ state: 'detached', timeout: 15_000 });
    await game.getByText(`RM ${major(won)}`).waitFor({ timeout: 15_000 });

    // 4. The platform: every round used, nothing debited, what they won a bonus under wagering.
    const platform = await db(async (d) => {
      const record = await d
        .selectFrom('member_promotions')
        .select(['id', 'state', 'bonus_amount', 'locked_amount', 'wagering_required'])
        .where('member_id', '=', setup.memberId)
        .where('promotion_id', '=', setup.promotionId)
        .executeTakeFirstOrThrow();
      const used = await d
        .selectFrom('free_round_grants')
        .select(['rounds_used', 'state'])
        .where('record_id', '=', record.id)
        .executeTakeFirstOrThrow();
      const { rows } = await sql<{ kind: string }>`
        select e.kind from postings p join journal_entries e on e.id = p.entry_id
          join ledger_accounts a on a.id = p.account_id
         where a.member_id = ${setup.memberId}`.execute(d);
      return { record, used, kinds: rows.map((r) => r.kind) };
    });
    expect(platform.used).toEqual({ rounds_used: ROUNDS, state: 'used' });
    expect(platform.kinds.every((k) => k === 'promotion_free_round_win')).toBe(true);
    expect(platform.record).toMatchObject({
      state: won > 0n ? 'process' : 'claimed',
      bonus_amount: won.toString(),
      locked_amount: won.toString(),
      wagering_required: (won * MULTIPLIER).toString(),
    });

    // 5. bonusDetails: the grant played out, the bonus and its wagering.
    await page.getByRole('button', { name: /Back to the lobby/ }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/game'));
    const details = await openMemberPage(page, 'bonusDetails');
    const bonus = details.getByTestId('bonus-item').filter({ hasText: title });
    await bonus.getByText('All free spins played.').waitFor({ timeout: 15_000 });
    await expect(bonus.innerText()).resolves.toContain(`0.00 / ${major(won * MULTIPLIER)}`);
    await expect(bonus.innerText()).resolves.toMatch(
      new RegExp(`Locked until wagering is met\\s+${major(won).replace('.', '\\.')}`),
    );
    await context.close();
  }, 240_000);
});
