import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type {
  MissionClaimed,
  MissionLeaderboard,
  MissionSummary,
  OperatorMission,
  OperatorMissionPage,
} from '@lotus/contracts/missions';
import { beforeAll, describe, expect, it } from 'vitest';
import { oneUtcDay } from '../../../test/days.ts';
import { deliverEntries, drainWritten, factsOfEntry } from '../../../test/events.ts';
import { loggedInMember, mainBalance, signedInMember } from '../../../test/factories.ts';
import { catalogueTestVendor, seamless, slot, type TestVendor } from '../../../test/games.ts';
import { reconcileAfterEach } from '../../../test/money.ts';
import { backOfficeTeam } from '../../../test/operators.ts';
import { call, createBrand, headers, setupTestApp } from '../../../test/support.ts';
import type { JournalEntry } from '../../events/event.ts';
import { issueVendorSession } from '../vendors/vendor-session.service.ts';
import type { MissionRow } from './mission.repository.ts';
import { missionFact, missionProgressConsumer, progressDeltas } from './mission-progress.consumer.ts';
import { dayWindow, periodWindow, weekWindow } from './periods.ts';

const ctx = setupTestApp({ rateLimits: { missionClaim: { max: 10_000, timeWindow: 60_000 } } });
reconcileAfterEach(ctx);
const team = backOfficeTeam(ctx);

type Member = Awaited<ReturnType<typeof signedInMember>>;

function memberCall<T>(m: { token: string }, method: 'GET' | 'POST', url: string, merchant = 'DEMO') {
  return call<T>(ctx.app, { method, url, headers: { ...headers(merchant), authorization: m.token } });
}

async function define(body: Record<string, unknown>) {
  const res = await team.bo<OperatorMission>('marketing', 'POST', '/bo/v1/missions', {
    name: { en: `Mission ${randomUUID().slice(0, 8)}` },
    period: 'daily',
    reward: '5.00',
    ...body,
  });
  expect(res.body.errorCode).toBe('');
  return res.body.value;
}

const summary = async (m: Member) =>
  (await memberCall<MissionSummary>(m, 'GET', '/wps/relay/MCSFE_getMissionSummaryDetails')).body.value;
const mine = async (m: Member, missionId: string) =>
  (await summary(m)).missions.find((x) => x.id === missionId);
const claim = (m: Member, missionId: string) =>
  memberCall<MissionClaimed>(m, 'POST', `/wps/missions/${missionId}/claim`);

let syntheticEntry = 9_000_000_000_000n + BigInt(Math.floor(Math.random() * 1_000_000_000));

/** A deposit event as the feed would hand it (no ledger row: the consumer reads only the event). */
function depositEvent(m: Member, minor: bigint, at = new Date()): JournalEntry {
  syntheticEntry += 1n;
  return {
    kind: 'deposit',
    entryId: String(syntheticEntry),
    txId: String(syntheticEntry),
    brandId: m.brand.id,
    reference: `dep-${syntheticEntry}`,
    metadata: {},
    createdAt: at,
    postings: [
      {
        accountId: '1',
        accountKind: 'payment_provider',
        memberId: null,
        vendorId: null,
        amount: -minor,
        currency: 'MYR',
      },
      {
        accountId: '2',
        accountKind: 'member_main',
        memberId: m.id,
        vendorId: null,
        amount: minor,
        currency: 'MYR',
      },
    ],
  };
}

async function deliver(events: JournalEntry[]) {
  await ctx.db.transaction().execute((trx) => deliverEntries(trx, missionProgressConsumer, events));
}

/** Drains the real consumer until `done` (a shared PostgreSQL server may hold the feed back a moment). */
async function drainUntil(done: () => Promise<boolean>) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    await drainWritten(ctx.db, missionProgressConsumer, { maxBatches: 1000 });
    if (await done()) return;
    if (Date.now() > deadline) throw new Error('mission_progress did not catch up');
    await sleep(100);
  }
}

describe('mission periods', () => {
  it("cuts days at the brand's midnight and weeks on its Monday (UTC and Asia/Kuala_Lumpur)", () => {
    expect(dayWindow(new Date('2026-11-26T23:59:59.999Z'), 'UTC').key).toBe('2026-11-26');
    expect(dayWindow(new Date('2026-11-27T00:00:00.000Z'), 'UTC').key).toBe('2026-11-27');
    // 16:00 UTC is midnight in Kuala Lumpur (UTC+8).
    expect(dayWindow(new Date('2026-11-26T15:59:59.999Z'), 'Asia/Kuala_Lumpur').key).toBe('2026-11-26');
    expect(dayWindow(new Date('2026-11-26T16:00:00.000Z'), 'Asia/Kuala_Lumpur').key).toBe('2026-11-27');
    // 2026-11-29 is a Sunday, 2026-11-30 a Monday.
    expect(weekWindow(new Date('2026-11-29T23:59:59.999Z'), 'UTC').key).toBe('W2026-11-23');
    expect(weekWindow(new Date('2026-11-30T00:00:00.000Z'), 'UTC')).toEqual({
      key: 'W2026-11-30',
      from: new Date('2026-11-30T00:00:00.000Z'),
      to: new Date('2026-12-07T00:00:00.000Z'),
    });
    expect(weekWindow(new Date('2026-11-29T16:00:00.000Z'), 'Asia/Kuala_Lumpur')).toEqual({
      key: 'W2026-11-30',
      from: new Date('2026-11-29T16:00:00.000Z'),
      to: new Date('2026-12-06T16:00:00.000Z'),
    });
    const start = new Date('2026-01-01T10:00:00Z');
    expect(periodWindow('once', start, new Date('2026-06-01T00:00:00Z'), 'UTC')).toEqual({
      key: 'once',
      from: start,
      to: null,
    });
  });

  it("counts a deposit before the brand's midnight and one after in two different days, both in one week", () => {
    const mission = (period: MissionRow['period']): MissionRow => ({
      id: period,
      brandId: '1',
      nameEn: 'x',
      nameMs: 'x',
      nameCn: 'x',
      descriptionEn: '',
      descriptionMs: '',
      descriptionCn: '',
      kind: 'deposit',
      category: null,
      period,
      target: '1000',
      reward: '100',
      active: true,
      startsAt: new Date('2026-01-01T00:00:00Z'),
      createdAt: new Date('2026-01-01T00:00:00Z'),
      timeZone: 'Asia/Kuala_Lumpur',
    });
    const m = { id: '7', brand: { id: '1' } } as unknown as Member;
    // 23:59:59 and 00:00:01 in Kuala Lumpur (the UTC dates are both the 26th).
    const facts = [
      depositEvent(m, 600n, new Date('2026-11-26T15:59:59Z')),
      depositEvent(m, 600n, new Date('2026-11-26T16:00:01Z')),
    ].map((e) => {
      const [fact] = factsOfEntry(e);
      return fact?.type === 'deposit_credited' ? missionFact(fact) : null;
    });
    const deltas = progressDeltas(
      facts.flatMap((f) => (f ? [f] : [])),
      [mission('daily'), mission('weekly')],
    );
    expect(deltas.map((d) => [d.missionId, d.periodKey, d.delta])).toEqual([
      ['daily', '2026-11-26', 600n],
      ['weekly', 'W2026-11-23', 1200n],
      ['daily', '2026-11-27', 600n],
    ]);
  });
});

describe('missions', () => {
  let vendor: TestVendor;
  beforeAll(async () => {
    vendor = await catalogueTestVendor(ctx, {
      categories: ['RNG', 'LIVE'],
      games: [slot('mslot'), slot('mlive', { category: 'LIVE', gameType: 'BACCARAT' })],
    });
  });

  async function bet(m: Member, game: string, amount: string) {
    const { token } = await issueVendorSession(ctx.db, m.id, vendor.code, game);
    const res = await seamless(ctx, vendor, 'bet', {
      token,
      transactionId: randomUUID(),
      roundId: randomUUID(),
      gameId: game,
      amount,
      currency: 'MYR',
    });
    expect(res.body.success).toBe(true);
  }

  it(
    'counts only bets on slots for a slots mission, from the event feed, and pays the claim once',
    oneUtcDay(async () => {
      const mission = await define({
        kind: 'bet',
        category: 'RNG',
        target: '30.00',
        name: { en: 'Bet 30 on slots' },
      });
      const m = await signedInMember(ctx, { funds: 100_000n });
      await bet(m, 'mslot', '20.00');
      await bet(m, 'mlive', '50.00');
      await drainUntil(async () => (await mine(m, mission.id))?.progress === '20.00');
      let state = await mine(m, mission.id);
      expect(state).toMatchObject({ target: '30.00', progress: '20.00', completed: false, reward: '5.00' });
      expect((await claim(m, mission.id)).body.errorCode).toBe('mission_not_completed');

      await bet(m, 'mslot', '15.00');
      await drainUntil(async () => (await mine(m, mission.id))?.completed === true);
      state = await mine(m, mission.id);
      expect(state).toMatchObject({ progress: '30.00', completed: true, claimed: false });
      expect((await summary(m)).missionCount).toBeGreaterThanOrEqual(1);

      const before = await mainBalance(ctx, m);
      const paid = await claim(m, mission.id);
      expect(paid.body.value).toMatchObject({ missionId: mission.id, reward: '5.00' });
      expect(await mainBalance(ctx, m)).toBe(before + 500n);
      expect((await claim(m, mission.id)).body.errorCode).toBe('mission_already_claimed');
      expect(await mainBalance(ctx, m)).toBe(before + 500n);
      expect(await mine(m, mission.id)).toMatchObject({ claimed: true });
    }),
  );

  it(
    'counts an event once when the feed delivers it again',
    oneUtcDay(async () => {
      const mission = await define({ kind: 'deposit', target: '100.00' });
      const m = await signedInMember(ctx);
      const first = depositEvent(m, 6000n);
      await deliver([first]);
      await deliver([first]);
      await deliver([first, depositEvent(m, 1000n)]);
      expect(await mine(m, mission.id)).toMatchObject({ progress: '70.00', completed: false });
      await deliver([depositEvent(m, 3000n)]);
      expect(await mine(m, mission.id)).toMatchObject({ progress: '100.00', completed: true });
    }),
  );

  it(
    'pays concurrent claims once',
    oneUtcDay(async () => {
      const mission = await define({ kind: 'deposit', target: '10.00', reward: '7.00' });
      const m = await signedInMember(ctx);
      await deliver([depositEvent(m, 1000n)]);
      const before = await mainBalance(ctx, m);
      const results = await Promise.all(Array.from({ length: 6 }, () => claim(m, mission.id)));
      expect(results.filter((r) => r.body.success)).toHaveLength(1);
      expect(results.filter((r) => !r.body.success).map((r) => r.body.errorCode)).toEqual(
        Array(5).fill('mission_already_claimed'),
      );
      expect(await mainBalance(ctx, m)).toBe(before + 700n);
      const entries = await ctx.db
        .selectFrom('journal_entries')
        .select('id')
        .where('kind', '=', 'mission_reward')
        .where('reference', '=', `mission:${mission.id}`)
        .execute();
      expect(entries).toHaveLength(1);
    }),
  );

  it(
    'counts the days a member logged in',
    oneUtcDay(async () => {
      const mission = await define({ kind: 'login_days', target: '1', period: 'daily' });
      const m = await loggedInMember(ctx);
      const member = { ...m, token: m.token } as unknown as Member;
      expect(await mine(member, mission.id)).toMatchObject({ target: '1', progress: '1', completed: true });
      expect((await claim(member, mission.id)).body.success).toBe(true);
      const fresh = await signedInMember(ctx); // a session without a login record: no day counted
      expect(await mine(fresh, mission.id)).toMatchObject({ progress: '0', completed: false });
    }),
  );

  it(
    'ranks the leaderboard by missions completed, then by who finished first, names masked',
    oneUtcDay(async () => {
      await define({ kind: 'deposit', target: '1.00' });
      await define({ kind: 'deposit', target: '2.00' });
      // Masked names keep the first and last letter: distinct first letters keep the three apart
      // (with one prefix, two random last letters were once the same and the test read one row twice).
      const first = await signedInMember(ctx, { prefix: 'a' });
      const second = await signedInMember(ctx, { prefix: 'b' });
      const third = await signedInMember(ctx, { prefix: 'c' });
      const now = Date.now();
      // first and second complete both missions (first earlier), third only one, earliest of all
      // (events a moment ahead: a mission counts from its creation on). Milliseconds, not seconds:
      // the board of the day is read once they are past, so that they fall on the day it shows
      // (a run across midnight fails only when midnight passed during it, and then runs again).
      await deliver([depositEvent(first, 200n, new Date(now + 20))]);
      await deliver([depositEvent(second, 200n, new Date(now + 30))]);
      await deliver([depositEvent(third, 100n, new Date(now + 10))]);
      while (Date.now() <= now + 30) await sleep(5);
      const board = await memberCall<MissionLeaderboard>(
        second,
        'GET',
        '/wps/relay/MCSFE_getMissionLeaderboard?period=daily&limitNum=50',
      );
      const items = board.body.value.items;
      const mask = (u: string) => `${u[0]}***${u[u.length - 1]}`;
      const at = (m: Member) => items.findIndex((i) => i.name === mask(m.username));
      expect([at(first), at(second), at(third)].every((p) => p >= 0)).toBe(true);
      expect(at(first)).toBeLessThan(at(second));
      expect(at(second)).toBeLessThan(at(third));
      expect(items[at(first)]?.completed).toBe(items[at(second)]?.completed);
      expect(items.map((i) => i.rank)).toEqual(items.map((_, i) => i + 1));
      expect(items.filter((i) => i.me).map((i) => i.name)).toEqual([mask(second.username)]);
      expect(items.every((i) => !i.name.includes(second.username))).toBe(true);
      const weekly = await memberCall<MissionLeaderboard>(
        second,
        'GET',
        '/wps/relay/MCSFE_getMissionLeaderboard?period=weekly&limitNum=50',
      );
      expect(weekly.body.value.items.some((i) => i.me)).toBe(true);
    }),
  );

  it(
    "keeps another brand's members out: no claim of a foreign mission, not on the board",
    oneUtcDay(async () => {
      const mission = await define({ kind: 'deposit', target: '1.00' });
      const other = await createBrand(ctx.db);
      const stranger = await signedInMember(ctx, { merchant: other.merchantCode });
      await deliver([depositEvent(stranger, 500n)]);
      const res = await memberCall(stranger, 'POST', `/wps/missions/${mission.id}/claim`, other.merchantCode);
      expect(res.body.errorCode).toBe('mission_not_found');
      const summaryOther = await memberCall<MissionSummary>(
        stranger,
        'GET',
        '/wps/relay/MCSFE_getMissionSummaryDetails',
        other.merchantCode,
      );
      expect(summaryOther.body.value.missions).toEqual([]);
      // The other brand's board holds none of DEMO's members (DEMO's has some by now).
      const m = await signedInMember(ctx);
      await deliver([depositEvent(m, 500n)]);
      const demo = await memberCall<MissionLeaderboard>(
        m,
        'GET',
        '/wps/relay/MCSFE_getMissionLeaderboard?limitNum=50',
      );
      expect(demo.body.value.items.length).toBeGreaterThan(0);
      const theirs = await memberCall<MissionLeaderboard>(
        stranger,
        'GET',
        '/wps/relay/MCSFE_getMissionLeaderboard?limitNum=50',
        other.merchantCode,
      );
      expect(theirs.body.value.items).toEqual([]);
    }),
  );
});

describe('back office: missions', () => {
  it('defines missions (audited), refuses bad definitions and roles, turns one off', async () => {
    const created = await define({ kind: 'bet', category: 'LIVE', target: '100', period: 'weekly' });
    expect(created).toMatchObject({
      kind: 'bet',
      category: 'LIVE',
      target: '100.00',
      reward: '5.00',
      active: true,
    });
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'mission.create')
      .where('target_id', '=', created.id)
      .execute();
    expect(audit).toHaveLength(1);

    const bad: [Record<string, unknown>, string][] = [
      [{ kind: 'deposit', target: '0' }, 'mission_definition_invalid'],
      [{ kind: 'deposit', target: '10', reward: '0' }, 'mission_definition_invalid'],
      [{ kind: 'deposit', target: '10', category: 'RNG' }, 'mission_definition_invalid'],
      [{ kind: 'login_days', target: '2', period: 'daily' }, 'mission_definition_invalid'],
      [{ kind: 'login_days', target: '1.5', period: 'once' }, 'mission_definition_invalid'],
      [{ kind: 'deposit', target: '10.001' }, 'mission_definition_invalid'],
      [{ kind: 'deposit', target: '99999999999999999999' }, 'request_param_err'],
      [{ kind: 'deposit', target: 10 }, 'request_param_err'],
      [{ kind: 'deposit', target: '10', name: { en: 'a\u0000b' } }, 'request_param_err'],
      [{ kind: 'deposit', target: '10', name: { en: ' ' } }, 'mission_definition_invalid'],
      [{ kind: 'spin', target: '10' }, 'request_param_err'],
    ];
    const count = async () => (await ctx.db.selectFrom('missions').select('id').execute()).length;
    const before = await count();
    for (const [body, code] of bad) {
      const res = await team.bo('marketing', 'POST', '/bo/v1/missions', {
        name: { en: 'Bad' },
        period: 'daily',
        reward: '5.00',
        ...body,
      });
      expect({ body, code: res.body.errorCode, status: res.status }).toEqual({ body, code, status: 400 });
    }
    expect(await count()).toBe(before);

    for (const role of ['readonly', 'finance', 'cs']) {
      const res = await team.bo(role, 'POST', '/bo/v1/missions', {
        name: { en: 'x' },
        kind: 'deposit',
        period: 'daily',
        target: '1',
        reward: '1',
      });
      expect(res.body.errorCode).toBe('operator_forbidden');
    }

    const off = await team.bo('marketing', 'PUT', `/bo/v1/missions/${created.id}/active`, { active: false });
    expect(off.body.value).toEqual({ id: created.id, active: false });
    const m = await signedInMember(ctx);
    expect(await mine(m, created.id)).toBeUndefined();
    expect((await claim(m, created.id)).body.errorCode).toBe('mission_not_found');
    const list = await team.bo<OperatorMissionPage>('readonly', 'GET', '/bo/v1/missions');
    expect(list.body.value.items.find((i) => i.id === created.id)).toMatchObject({ active: false });

    const foreign = await team.bo('marketing', 'PUT', '/bo/v1/missions/999999999/active', { active: false });
    expect(foreign.body.errorCode).toBe('mission_not_found');
  });
});
