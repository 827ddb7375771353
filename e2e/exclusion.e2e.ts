import { sql } from 'kysely';
import type { Browser } from 'playwright-core';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, siteUrl } from './browser.ts';
import {
  db,
  fundedMember,
  openLiveTable,
  sessionWithoutPopups,
  TABLE,
  unique,
  vendorUrl,
} from './live-shared.ts';
import { memberSignedIn } from './pages.ts';

/**
 * Self-exclusion at a live table (issue 25, docs/exclusion.md): a member sits at the house vendor's
 * baccarat table in the site's iframe, opens the member centre over it, and self-excludes for 6
 * months. At once the site logs out and says until when, the table leaves the page, the platform's
 * token answers 401, and the vendor, told by the platform's signed notice, closes the member's
 * table socket on its own side (a second socket of the same game session, held here outside the
 * browser, is disconnected by the server within a second) and ends the game session.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('self-exclusion at the live table', () => {
  it('throws the member out of the table and the site at once', async () => {
    const username = `px${unique()}`;
    const memberId = await fundedMember(username);
    const { page } = await sessionWithoutPopups(browser);
    const siteToken = await memberSignedIn(page, username, 'Secret123');
    // The table page's own game session (its answer to the launch-token exchange; the frame's
    // storage is partitioned), and a second socket on it held outside the browser: the vendor's
    // server must close it itself.
    let gameToken: string | null = null;
    page.on('response', async (response) => {
      if (new URL(response.url()).pathname !== '/api/session' || response.request().method() !== 'POST')
        return;
      gameToken = ((await response.json().catch(() => ({}))) as { token?: string }).token ?? null;
    });
    await openLiveTable(page, TABLE, 'Play Lotus Baccarat');
    expect(gameToken).toBeTruthy();
    const socket = io(vendorUrl(), {
      path: '/live/socket.io',
      auth: { token: gameToken },
      transports: ['websocket'],
      reconnection: false,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const joined = (await socket.timeout(10_000).emitWithAck('join', { table: TABLE })) as { ok: boolean };
      expect(joined.ok).toBe(true);
      let disconnectedAt = 0;
      socket.on('disconnect', () => {
        disconnectedAt = Date.now();
      });

      // On a phone (the header's account menu), as most members play.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByTestId('account-menu').click();
      await page.getByTestId('account-menu-content').getByTestId('menu-member-centre').click();
      const centre = page.getByTestId('member-centre');
      await centre.getByTestId('member-menu-protection').click();
      await centre.getByTestId('protection-choice').selectOption('self:6');
      await centre.getByTestId('protection-exclude').click();
      const confirmed = Date.now();
      await page.getByTestId('protection-confirm').click();

      // Out of the site: the login modal says until when; the table is gone from the page.
      const login = page.getByTestId('login-modal');
      await login.getByText(/excluded yourself from play until/).waitFor({ timeout: 10_000 });
      expect(await page.getByTestId('game-iframe').count()).toBe(0);
      // Out of the table, on the vendor's side, within a second of the exclusion.
      while (disconnectedAt === 0 && Date.now() - confirmed < 5_000)
        await new Promise((r) => setTimeout(r, 20));
      expect(disconnectedAt).toBeGreaterThan(0);
      const answered = await db(async (d) => {
        const { rows } = await sql<{ started_at: Date }>`
          select started_at from member_exclusions where member_id = ${memberId}`.execute(d);
        return rows[0]?.started_at ?? null;
      });
      expect(answered).not.toBeNull();
      expect(disconnectedAt - (answered as Date).getTime()).toBeLessThan(1_000);

      // The platform's token is over, and the game session cannot join again.
      const status = await fetch(`${siteUrl()}/wps/protection/status`, {
        headers: { merchant: 'DEMO', language: 'EN', device: 'web', authorization: siteToken },
      });
      expect(status.status).toBe(401);
      const again = io(vendorUrl(), {
        path: '/live/socket.io',
        auth: { token: gameToken },
        transports: ['websocket'],
        reconnection: false,
      });
      try {
        await new Promise<void>((resolve) => again.once('connect', () => resolve()));
        expect(await again.timeout(10_000).emitWithAck('join', { table: TABLE })).toMatchObject({
          ok: false,
          error: 'session_invalid',
        });
      } finally {
        again.disconnect();
      }
    } finally {
      socket.disconnect();
    }
  });
});
