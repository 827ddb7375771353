import { AGENT_TYPES, type LoginResult } from '@lotus/contracts/accounts';
import type {
  AgentTeamMember,
  AgentTeamOverview,
  AgentTeamPage,
  OperatorAgent,
} from '@lotus/contracts/agents';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { getWithToken, loginAs, randomIp, registerMember, solveHumanCheck } from '../../../test/members.ts';
import { backOfficeTeam, uniqueName } from '../../../test/operators.ts';
import { call, createBrand, headers, setupTestApp } from '../../../test/support.ts';
import { createMember } from '../../harness.ts';

const ctx = setupTestApp();
const team = backOfficeTeam(ctx);

const PASSWORD = 'Secret123';

async function member(options: { isAgent?: number; upline?: string; code?: string } = {}) {
  const username = uniqueName('t');
  const { id } = await createMember(ctx.db, {
    merchantCode: 'DEMO',
    username,
    password: PASSWORD,
    isAgent: options.isAgent ?? 0,
    ...(options.code ? { affiliateCode: options.code } : {}),
    ...(options.upline ? { uplineUsername: options.upline } : {}),
    knownIps: ['127.0.0.1'],
  });
  return { id, username };
}

const agent = (upline?: string) =>
  member({ isAgent: AGENT_TYPES.agent, code: uniqueName('C'), ...(upline ? { upline } : {}) });

async function tokenOf(username: string): Promise<string> {
  const res = await loginAs(ctx, username, PASSWORD);
  if (!res.body.success) throw new Error(`login refused: ${res.body.errorCode}`);
  return (res.body.value as LoginResult).token;
}

/** The closure of one member: its uplines by depth, from the table the trigger keeps. */
async function ancestors(memberId: string): Promise<string[]> {
  const rows = await ctx.db
    .selectFrom('agent_tree')
    .select(['ancestor_id', 'depth'])
    .where('descendant_id', '=', memberId)
    .orderBy('depth')
    .execute();
  return rows.map((r) => r.ancestor_id);
}

/** Rows of agent_tree that differ from the closure recomputed from members.upline_id (none when consistent). */
async function closureDrift(): Promise<number> {
  const res = await sql<{ n: string }>`
    with recursive chain (ancestor_id, descendant_id, depth) as (
      select id, id, 0 from members
      union all
      select m.upline_id, c.descendant_id, c.depth + 1 from chain c join members m on m.id = c.ancestor_id
      where m.upline_id is not null and c.depth < 100
    ),
    expected as (select ancestor_id, descendant_id, depth from chain),
    actual as (select ancestor_id, descendant_id, depth from agent_tree)
    select ((select count(*) from (select * from expected except select * from actual) a)
          + (select count(*) from (select * from actual except select * from expected) b))::text as n`.execute(
    ctx.db,
  );
  return Number(res.rows[0]?.n);
}

const move = (memberId: string, uplineUsername: string) =>
  team.bo<OperatorAgent>('marketing', 'POST', `/bo/v1/agents/members/${memberId}/upline`, {
    uplineUsername,
    note: 'tree test',
  });

describe('the downline tree', () => {
  it('the migration backfilled the seeded members and the tree stays equal to the uplines', async () => {
    expect(await closureDrift()).toBe(0);
  });

  it('registration with an affiliate code puts the member below every upline of the agent', async () => {
    const top = await agent();
    const sub = await agent(top.username);
    const code = (
      await ctx.db
        .selectFrom('members')
        .select('affiliate_code')
        .where('id', '=', sub.id)
        .executeTakeFirstOrThrow()
    ).affiliate_code as string;
    const res = await registerMember(ctx, { affiliateCode: code.toLowerCase() });
    expect(res.body).toMatchObject({ success: true });
    const newcomer = res.body.value.id as unknown as string;
    expect(await ancestors(String(newcomer))).toEqual([String(newcomer), sub.id, top.id]);

    const page = await getWithToken<AgentTeamPage>(
      ctx,
      '/wps/agent/team/members',
      await tokenOf(top.username),
    );
    expect(page.body.value.items.map((m) => [m.account, m.level, m.upline])).toEqual([
      [sub.username, 1, top.username],
      [res.username, 2, sub.username],
    ]);
    expect(page.body.value.items.every((m) => m.balance === null)).toBe(true);
  });

  it("a forged upline at registration: another brand's code is refused, a suspended agent's code too, an upline field is ignored", async () => {
    const other = await createBrand(ctx.db);
    const outsider = uniqueName('x');
    await createMember(ctx.db, {
      merchantCode: other.merchantCode,
      username: outsider,
      password: PASSWORD,
      isAgent: AGENT_TYPES.agent,
      affiliateCode: 'FORGED01',
    });
    const foreign = await registerMember(ctx, { affiliateCode: 'FORGED01' });
    expect(foreign.body).toMatchObject({ success: false, errorCode: 'invitation_code_error' });

    const suspended = await agent();
    const code = (
      await ctx.db
        .selectFrom('members')
        .select('affiliate_code')
        .where('id', '=', suspended.id)
        .executeTakeFirstOrThrow()
    ).affiliate_code as string;
    await team.bo('marketing', 'POST', `/bo/v1/agents/members/${suspended.id}/suspension`, {
      suspended: true,
      note: 'fraud review',
    });
    const refused = await registerMember(ctx, { affiliateCode: code });
    expect(refused.body).toMatchObject({ success: false, errorCode: 'invitation_code_error' });
    expect(await ancestors(suspended.id)).toEqual([suspended.id]);

    const target = await agent();
    const forged = await registerMember(ctx, {
      uplineId: target.id,
      upline_id: target.id,
      toUpline: target.username,
    });
    if (forged.body.success) {
      const row = await ctx.db
        .selectFrom('members')
        .select('upline_id')
        .where('username', '=', forged.username)
        .executeTakeFirstOrThrow();
      expect(row.upline_id).toBeNull();
    }
    const sizes = await team.bo<OperatorAgent>('readonly', 'GET', `/bo/v1/agents/members/${target.id}`);
    expect(sizes.body.value).toMatchObject({ directSize: 0, teamSize: 0 });
  });

  it('a move takes the sub-tree along, closes the upline history at that instant and is audited', async () => {
    const oldTop = await agent();
    const newTop = await agent();
    const mid = await agent(oldTop.username);
    const leaf = await member({ upline: mid.username });
    const before = new Date();
    const res = await move(mid.id, newTop.username);
    expect(res.body.value).toMatchObject({ uplineUsername: newTop.username, directSize: 1, teamSize: 1 });
    expect(await ancestors(leaf.id)).toEqual([leaf.id, mid.id, newTop.id]);
    const old = await team.bo<OperatorAgent>('readonly', 'GET', `/bo/v1/agents/members/${oldTop.id}`);
    expect(old.body.value).toMatchObject({ teamSize: 0 });

    const history = await ctx.db
      .selectFrom('agent_upline_history')
      .select(['upline_id', 'valid_from', 'valid_to'])
      .where('member_id', '=', mid.id)
      .orderBy('id')
      .execute();
    expect(history.map((h) => [h.upline_id, h.valid_to === null])).toEqual([
      [oldTop.id, false],
      [newTop.id, true],
    ]);
    expect(history[0]?.valid_to?.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('target_id', '=', mid.id)
      .where('action', '=', 'agent.move')
      .execute();
    expect(audit).toHaveLength(1);
    expect(await closureDrift()).toBe(0);
  });

  it('refuses a cycle: under itself or under its own descendant', async () => {
    const top = await agent();
    const mid = await agent(top.username);
    const low = await agent(mid.username);
    for (const target of [top.username, mid.username, low.username]) {
      const res = await move(top.id, target);
      expect(res.body).toMatchObject({ success: false, errorCode: 'agent_move_cycle' });
    }
    const toMember = await move(mid.id, (await member()).username);
    expect(toMember.body).toMatchObject({ success: false, errorCode: 'agent_upline_invalid' });
    expect(await ancestors(low.id)).toEqual([low.id, mid.id, top.id]);
  });

  it('the trigger refuses a cycle written around the service too', async () => {
    const top = await agent();
    const low = await agent(top.username);
    await expect(
      ctx.db.updateTable('members').set({ upline_id: low.id }).where('id', '=', top.id).execute(),
    ).rejects.toThrow(/cycle/);
    expect(await ancestors(low.id)).toEqual([low.id, top.id]);
  });

  it('20 concurrent moves of one sub-tree leave one consistent tree and one open history row', async () => {
    const targets = [await agent(), await agent(), await agent(), await agent()];
    const root = await agent(targets[0]!.username);
    const child = await agent(root.username);
    await member({ upline: child.username });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => move(root.id, targets[i % targets.length]!.username)),
    );
    expect(results.every((r) => r.body.success)).toBe(true);
    expect(await closureDrift()).toBe(0);
    const open = await ctx.db
      .selectFrom('agent_upline_history')
      .select('upline_id')
      .where('member_id', '=', root.id)
      .where('valid_to', 'is', null)
      .execute();
    const final = await ctx.db
      .selectFrom('members')
      .select('upline_id')
      .where('id', '=', root.id)
      .executeTakeFirstOrThrow();
    expect(open.map((o) => o.upline_id)).toEqual([final.upline_id]);
  });

  it('two agents moved under each other at once: one move wins, the other is a cycle', async () => {
    const top = await agent();
    const p = await agent(top.username);
    const q = await agent(top.username);
    const [a, b] = await Promise.all([move(p.id, q.username), move(q.id, p.username)]);
    expect([a.body.success, b.body.success].sort()).toEqual([false, true]);
    expect([a, b].find((r) => !r.body.success)?.body.errorCode).toBe('agent_move_cycle');
    expect(await closureDrift()).toBe(0);
  });
});

describe('the agent centre calls', () => {
  it("an agent sees only its own sub-tree: another agent's downline by id is downline_not_found", async () => {
    const mine = await agent();
    const theirs = await agent();
    const myDownline = await member({ upline: mine.username });
    const theirDownline = await member({ upline: theirs.username });
    const token = await tokenOf(mine.username);
    const own = await getWithToken<AgentTeamMember>(ctx, `/wps/agent/team/members/${myDownline.id}`, token);
    expect(own.body.value).toMatchObject({ account: myDownline.username, level: 1 });
    for (const id of [theirDownline.id, theirs.id, mine.id, '999999999']) {
      const res = await getWithToken(ctx, `/wps/agent/team/members/${id}`, token);
      // A handled refusal (wire protocol): 200 with its code, the same for every id not in the team.
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: false, errorCode: 'downline_not_found' });
    }
    const search = await getWithToken<AgentTeamPage>(
      ctx,
      `/wps/agent/team/members?search=${encodeURIComponent(theirDownline.username)}`,
      token,
    );
    expect(search.body.value).toMatchObject({ items: [], total: 0 });
    const wildcard = await getWithToken<AgentTeamPage>(ctx, '/wps/agent/team/members?search=%25', token);
    expect(wildcard.body.value.total).toBe(0);
  });

  it('a member and a trial account are refused with error_not_agent; a trial account is never made an agent', async () => {
    const plain = await member();
    const res = await getWithToken(ctx, '/wps/agent/team/overview', await tokenOf(plain.username));
    // A handled refusal a member meets answers 200 with its code (wire protocol).
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: false, errorCode: 'error_not_agent' });

    const trial = await call<LoginResult>(ctx.app, {
      method: 'POST',
      url: '/wps/session/login/freeplay',
      remoteAddress: randomIp(),
      headers: headers(),
      payload: { humanCheck: await solveHumanCheck(ctx), birthday: '1990-01-01' },
    });
    expect(trial.body.value.isAgent).toBe(AGENT_TYPES.trial);
    const refused = await getWithToken(ctx, '/wps/agent/team/members', trial.body.value.token);
    expect(refused.body).toMatchObject({ success: false, errorCode: 'error_not_agent' });
    const trialMember = await member({ isAgent: AGENT_TYPES.trial });
    const promote = await team.bo('marketing', 'POST', `/bo/v1/agents/members/${trialMember.id}/type`, {
      isAgent: AGENT_TYPES.agent,
    });
    expect(promote.body).toMatchObject({ success: false, errorCode: 'agent_trial_refused' });
    const moved = await move(trialMember.id, (await agent()).username);
    expect(moved.body).toMatchObject({ success: false, errorCode: 'agent_trial_refused' });
    const row = await ctx.db
      .selectFrom('members')
      .select(['is_agent', 'upline_id'])
      .where('id', '=', trialMember.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ is_agent: AGENT_TYPES.trial, upline_id: null });
  });

  it('the back office makes a member an agent with a code, changes its type and suspends it', async () => {
    const plain = await member();
    const bad = await team.bo('marketing', 'POST', `/bo/v1/agents/members/${plain.id}/type`, { isAgent: 3 });
    expect(bad.body).toMatchObject({ success: false, errorCode: 'agent_type_invalid' });
    const readonly = await team.bo('readonly', 'POST', `/bo/v1/agents/members/${plain.id}/type`, {
      isAgent: 1,
    });
    expect(readonly.body.success).toBe(false);
    const made = await team.bo<OperatorAgent>('marketing', 'POST', `/bo/v1/agents/members/${plain.id}/type`, {
      isAgent: AGENT_TYPES.agent41,
    });
    expect(made.body.value).toMatchObject({ isAgent: 41, status: 'active' });
    expect(made.body.value.affiliateCode).toMatch(/^[A-Z2-9]{8}$/);
    const retyped = await team.bo<OperatorAgent>(
      'marketing',
      'POST',
      `/bo/v1/agents/members/${plain.id}/type`,
      {
        isAgent: AGENT_TYPES.masterAgent,
      },
    );
    expect(retyped.body.value).toMatchObject({ isAgent: 2, affiliateCode: made.body.value.affiliateCode });

    const token = await tokenOf(plain.username);
    expect((await getWithToken(ctx, '/wps/agent/info', token)).body).toMatchObject({ success: true });
    await team.bo('marketing', 'POST', `/bo/v1/agents/members/${plain.id}/suspension`, {
      suspended: true,
      note: 'x',
    });
    const suspended = await getWithToken(ctx, '/wps/agent/team/members', token);
    expect(suspended.body).toMatchObject({ success: false, errorCode: 'agent_suspended' });
    const actions = await ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', plain.id)
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['agent.type', 'agent.type', 'agent.status']);
  });

  it('registerCenter opens a direct downline; a taken name and a NUL byte are refused', async () => {
    const mine = await agent();
    const token = await tokenOf(mine.username);
    const open = (payload: object) =>
      call<AgentTeamMember>(ctx.app, {
        method: 'POST',
        url: '/wps/agent/team/members',
        headers: { ...headers(), authorization: token },
        payload,
      });
    const username = uniqueName('dl');
    // The brand's minimum age holds here too (docs/kyc.md): under 18, or no date, opens nothing.
    const minor = new Date();
    minor.setUTCFullYear(minor.getUTCFullYear() - 17);
    const young = await open({ username, password: 'abc12345', birthday: minor.toISOString().slice(0, 10) });
    expect(young.body).toMatchObject({ success: false, errorCode: 'age_below_18' });
    expect((await open({ username, password: 'abc12345', birthday: '' })).body.success).toBe(false);
    expect((await open({ username, password: 'abc12345' })).body.success).toBe(false);
    const res = await open({ username, password: 'abc12345', birthday: '1990-01-01' });
    expect(res.body.value).toMatchObject({ account: username, level: 1, upline: mine.username });
    expect((await open({ username, password: 'abc12345', birthday: '1990-01-01' })).body).toMatchObject({
      success: false,
      errorCode: 'username_exists',
    });
    expect(
      (await open({ username: 'nul\u0000name', password: 'abc12345', birthday: '1990-01-01' })).body.success,
    ).toBe(false);
    expect(
      (await open({ username: uniqueName('dl'), password: '1', birthday: '1990-01-01' })).body.success,
    ).toBe(false);
    const login = await loginAs(ctx, username, 'abc12345', { ip: randomIp() });
    expect(login.body.errorCode === undefined || login.body.errorCode !== 'invalid_credentials').toBe(true);
  });

  it('the overview counts only the team: sizes, new members, turnover and win/loss', async () => {
    const mine = await agent();
    const direct = await member({ upline: mine.username });
    const deep = await member({ upline: (await agent(mine.username)).username });
    const outsider = await member();
    const vendor = await ctx.db.selectFrom('vendors').select('id').executeTakeFirstOrThrow();
    const brand = await ctx.db
      .selectFrom('brands')
      .select(['id', 'currency'])
      .where('merchant_code', '=', 'DEMO')
      .executeTakeFirstOrThrow();
    const today = new Date().toISOString().slice(0, 10);
    for (const [id, stake, payout] of [
      [direct.id, 10_000, 4_000],
      [deep.id, 5_000, 8_000],
      [outsider.id, 99_999, 0],
    ] as const) {
      await ctx.db
        .insertInto('member_daily_turnover')
        .values({
          brand_id: brand.id,
          member_id: id,
          day: today,
          vendor_id: vendor.id,
          currency: brand.currency,
          bet_count: '3',
          stake: String(stake),
          payout: String(payout),
          last_tx_id: '1',
          last_entry_id: '1',
        })
        .execute();
    }
    const res = await getWithToken<AgentTeamOverview>(
      ctx,
      '/wps/agent/team/overview?days=1',
      await tokenOf(mine.username),
    );
    expect(res.body.value).toMatchObject({
      teamSize: 3,
      directSize: 2,
      newMembers: 3,
      activeMembers: 2,
      turnover: '150.00',
      winLoss: '-30.00',
      deposits: '0.00',
      withdrawals: '0.00',
    });
    expect(res.body.value.days).toHaveLength(1);
  });
});

describe('agentAnnouncement', () => {
  it('audience G reaches agents only: a member is refused with error_not_agent, a visitor must log in', async () => {
    const brand = await ctx.db
      .selectFrom('brands')
      .select('id')
      .where('merchant_code', '=', 'DEMO')
      .executeTakeFirstOrThrow();
    const title = uniqueName('Agents only ');
    await ctx.db
      .insertInto('announcements')
      .values({
        brand_id: brand.id,
        type: 'B',
        execution: 'G',
        title_en: title,
        content_en: '<p>Hi<script>x</script></p>',
      })
      .execute();
    const url = '/wps/relay/MCSFE_getListAnnouncements?types=B&execution=G';
    const mine = await agent();
    const seen = await getWithToken<{ title: string; content: string }[]>(
      ctx,
      url,
      await tokenOf(mine.username),
    );
    expect(seen.body.value.map((a) => a.title)).toContain(title);
    expect(seen.body.value.find((a) => a.title === title)?.content).not.toContain('script');
    const plain = await member();
    const refused = await getWithToken(ctx, url, await tokenOf(plain.username));
    expect(refused.body).toMatchObject({ success: false, errorCode: 'error_not_agent' });
    const visitor = await getWithToken(ctx, url, undefined);
    expect(visitor.body).toMatchObject({ success: false, errorCode: 'CUSTOMER_NOT_LOGIN' });
    const members = await getWithToken<{ title: string }[]>(
      ctx,
      '/wps/relay/MCSFE_getListAnnouncements?types=B&execution=A',
      await tokenOf(plain.username),
    );
    expect(members.body.value.map((a) => a.title)).not.toContain(title);
  });
});

async function applyAndApprove(token: string) {
  const sent = await call<{ id: string }>(ctx.app, {
    method: 'POST',
    url: '/wps/agents/applications',
    remoteAddress: randomIp(),
    headers: { ...headers(), authorization: token },
    payload: {
      name: 'Tree Tester',
      contacts: [{ channel: 'email', value: 'tree@example.com' }],
      sites: [],
      monthlyPlayers: 10,
      message: '',
      humanCheck: await solveHumanCheck(ctx),
    },
  });
  const id = sent.body.value.id;
  await team.bo('cs', 'POST', `/bo/v1/agents/applications/${id}/status`, { status: 'contacted' });
  return team.bo('cs', 'POST', `/bo/v1/agents/applications/${id}/status`, { status: 'approved', note: 'ok' });
}

describe('approving an affiliate application', () => {
  it('keeps the type and code of an applicant who already is an agent', async () => {
    const master = await member({ isAgent: AGENT_TYPES.masterAgent, code: 'KEEP2345' });
    const approved = await applyAndApprove(await tokenOf(master.username));
    expect(approved.body).toMatchObject({ success: true });
    const row = await ctx.db
      .selectFrom('members')
      .select(['is_agent', 'affiliate_code'])
      .where('id', '=', master.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ is_agent: AGENT_TYPES.masterAgent, affiliate_code: 'KEEP2345' });
  });

  it("makes the logged-in applicant an agent of type 1 with an affiliate code, in the approval's transaction", async () => {
    const applicant = await member();
    const token = await tokenOf(applicant.username);
    const sent = await call<{ id: string }>(ctx.app, {
      method: 'POST',
      url: '/wps/agents/applications',
      remoteAddress: randomIp(),
      headers: { ...headers(), authorization: token },
      payload: {
        name: 'Tree Tester',
        contacts: [{ channel: 'email', value: 'tree@example.com' }],
        sites: [],
        monthlyPlayers: 10,
        message: '',
        humanCheck: await solveHumanCheck(ctx),
      },
    });
    const id = sent.body.value.id;
    await team.bo('cs', 'POST', `/bo/v1/agents/applications/${id}/status`, { status: 'contacted' });
    const approved = await team.bo('cs', 'POST', `/bo/v1/agents/applications/${id}/status`, {
      status: 'approved',
      note: 'good channel',
    });
    expect(approved.body).toMatchObject({ success: true });
    const row = await ctx.db
      .selectFrom('members')
      .select(['is_agent', 'affiliate_code'])
      .where('id', '=', applicant.id)
      .executeTakeFirstOrThrow();
    expect(row.is_agent).toBe(AGENT_TYPES.agent);
    expect(row.affiliate_code).toMatch(/^[A-Z2-9]{8}$/);
    const info = await getWithToken(ctx, '/wps/agent/info', token);
    expect(info.body).toMatchObject({ success: true, value: { affiliateCode: row.affiliate_code } });
  });
});
