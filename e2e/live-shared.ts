import { randomBytes } from 'node:crypto';
import { createMember, fundMember, withDatabase } from '@lotus/api/harness';
import type { BettingRecordPage } from '@lotus/contracts/games';
import { popupClosedKey } from '@lotus/contracts/storage';
import { sql } from 'kysely';
import pg from 'pg';
import type { Browser, BrowserContext, Frame, FrameLocator, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { newPage, siteUrl } from './browser.ts';

/**
 * What the two live-table scenarios (live.e2e.ts through the vendor's API, live-page.e2e.ts through
 * the table page) share: the table, the platform's and the vendor's databases as they read them, the
 * member's betting record through the site's relay, and a session whose announcements popup is
 * closed already.
 */
export const TABLE = 'live-baccarat';
export const unique = () => randomBytes(3).toString('hex');
export const db = <T>(work: Parameters<typeof withDatabase<T>>[1]) =>
  withDatabase(inject('databaseUrl'), work);
export const vendorUrl = () => inject('vendorUrl');

/** Minor units as the pages and the API write them (MYR, two decimals). */
export const cents = (x: bigint) => {
  const abs = x < 0n ? -x : x;
  return `${x < 0n ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
};

/** A DEMO member with the password the scenarios log in with and 100.00 MYR; answers its id. */
export async function fundedMember(username: string): Promise<string> {
  const { id } = await db((d) => createMember(d, { merchantCode: 'DEMO', username, password: 'Secret123' }));
  await db((d) => fundMember(d, { merchantCode: 'DEMO', username, amount: '100.00' }));
  return id;
}

/** The member's main balance in the platform's ledger, in minor units. */
export function memberBalance(memberId: string): Promise<bigint> {
  return db(async (d) => {
    const { rows } = await sql<{ balance: string }>`
      select balance::text from ledger_accounts where member_id = ${memberId} and kind = 'member_main'`.execute(
      d,
    );
    return BigInt(rows[0]?.balance ?? '0');
  });
}

/** The member's live betting record through the platform's API, as the member centre reads it. */
export async function liveBettingRecord(siteToken: string): Promise<BettingRecordPage> {
  const res = await fetch(`${siteUrl()}/wps/relay/MCSFE_getBettingRecord?gameCategory=LIVE`, {
    headers: { merchant: 'DEMO', language: 'EN', device: 'web', authorization: siteToken },
  });
  return ((await res.json()) as { value: BettingRecordPage }).value;
}

export type VendorSeat = { id: string; status: string; payout: string | null };

/** The player's seats in the vendor's own database (DEMO brand), oldest first. */
export async function vendorSeats(playerId: string): Promise<VendorSeat[]> {
  const client = new pg.Client({ connectionString: inject('vendorDatabaseUrl') });
  await client.connect();
  try {
    const { rows } = await client.query<VendorSeat>(
      `select id, status, payout::text from live_seats where brand = 'DEMO' and player_id = $1 order by created_at`,
      [playerId],
    );
    return rows;
  } finally {
    await client.end();
  }
}

/**
 * A fresh session whose announcements popup is closed already (popupClosedKey, per session): the
 * popup is not these scenarios' subject, and on a loaded machine it can open late over a button.
 */
export async function sessionWithoutPopups(
  browser: Browser,
): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(browser);
  await context.addInitScript(
    (keys) => {
      for (const key of keys) window.sessionStorage.setItem(key, '1');
    },
    (['A', 'B', 'F'] as const).map(popupClosedKey),
  );
  return { context, page };
}

/** A member at a live table in the site's iframe: the site page, the vendor's frame (locator and frame). */
export type LiveSeat = {
  username: string;
  memberId: string;
  page: Page;
  game: FrameLocator;
  frame: Frame;
  siteToken: string;
};

/** A bet pressed on the page's grid: the chip's label, the spot's key and the spot button's name. */
export type PageBet = { chip: string; spot: string; name: RegExp };

/**
 * Picks chips and presses spots of the grid (a spot is disabled while the previous bet is on its
 * way, which the click waits for); then waits until the page shows each stake on its spot and
 * answers the round number the page shows with them and the page's total of the round.
 */
export async function betOnPage(seat: LiveSeat, bets: readonly PageBet[]): Promise<string> {
  for (const b of bets) {
    await seat.game
      .getByRole('group', { name: 'Chip value' })
      .getByRole('button', { name: b.chip, exact: true })
      .click();
    await seat.game.getByRole('button', { name: b.name }).click();
  }
  const handle = await seat.frame
    .waitForFunction(
      (bets) =>
        bets.every((b) => document.querySelector(`[data-spot="${b.spot}"] .spot-own`)?.textContent === b.chip)
          ? `${document.querySelector('.round-no')?.textContent} ${document.querySelector('.live-staked')?.textContent}`
          : null,
      bets.map((b) => ({ spot: b.spot, chip: b.chip })),
      { timeout: 15_000, polling: 50 },
    )
    .catch(async (error: unknown) => {
      // What the page shows instead (a refused bet's message, the next round), for the report.
      const shown = await seat.frame.evaluate(() =>
        ['.round-no', '.phase', '.countdown', '.message', '.live-staked', '.balance strong']
          .map((s) => `${s}=${document.querySelector(s)?.textContent ?? ''}`)
          .join(' | '),
      );
      throw new Error(`${seat.username}: bets not shown: ${shown}`, { cause: error });
    });
  return (await handle.jsonValue()) as string;
}

/**
 * A logged-in member's page (a session without popups, sessionWithoutPopups) opens /live and sits at
 * `table` through its card's Play button (`play`, the button's name): the table's card shows its live
 * phase first (relayed by the platform from the vendor's lobby), then
 * the vendor's page in the site's iframe exchanges the launch token and shows the member's platform
 * balance and the betting grid. Answers the iframe's locator and frame.
 */
export async function openLiveTable(
  page: Page,
  table: string,
  play: string,
): Promise<{ game: FrameLocator; frame: Frame }> {
  await page.goto(`${siteUrl()}/live`);
  const card = page.locator(`[data-testid="game-card"][data-game="${table}"]`);
  await card.locator('[data-testid="live-status"]:not([data-phase="unknown"])').waitFor({ timeout: 30_000 });
  await card.getByRole('button', { name: play, exact: true }).click();
  await page.waitForURL(new RegExp(`/game\\?vendor=HOUSE&game=${table}`));
  const iframe = page.getByTestId('game-iframe');
  await iframe.waitFor();
  expect(new URL((await iframe.getAttribute('src')) ?? '').origin).toBe(vendorUrl());
  const game = page.frameLocator('[data-testid="game-iframe"]');
  await game.getByText('RM 100.00').waitFor({ timeout: 30_000 });
  await game.getByRole('region', { name: 'Betting table' }).waitFor();
  const frame = page.frame({ url: (url) => url.origin === vendorUrl() });
  if (!frame) throw new Error('no vendor frame');
  return { game, frame };
}
