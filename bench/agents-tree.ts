/**
 * The downline-tree benchmark (issue 26), on a fresh PostgreSQL database: BENCH_TREE_MEMBERS
 * (100,000) members in 10 levels written through the `members` trigger that keeps the closure table
 * (`agent_tree`), then the agent centre's tree queries timed for a top agent (a tenth of everyone
 * below it) and a mid-level one: the team sizes (direct and whole team), the first page of the team,
 * a search in the team, the overview's figures by day, the check "is this id in my team", and a
 * sub-tree move (a level-2 agent with its whole sub-tree under another level-1 agent) with the
 * closure then compared with the one recomputed from `members.upline_id`.
 *
 * Levels: 10, 30, 90, ... agents (three downlines each) down to level 8, then the remaining members
 * in levels 9 and 10, each under a parent of the level above (round robin). Not part of `npm test`.
 *
 * Alone: `npx node bench/agents-tree.ts` (prints Markdown and writes bench/results/agents-tree.json
 * and agents-tree.md). BENCH_ADMIN_DATABASE_URL says where the database is created;
 * BENCH_TREE_KEEP_DB keeps it.
 */
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { withDatabase } from '@lotus/api/harness';
import { sql } from 'kysely';
import type { Db } from '../apps/api/src/db/database.ts';
import { seed } from '../apps/api/src/db/seed.ts';
import {
  findTeamMember,
  isInSubtree,
  listTeam,
  lockTree,
  teamDays,
  teamSizes,
} from '../apps/api/src/domains/agents/tree.repository.ts';
import { findBrandByMerchantCode } from '../apps/api/src/domains/brands/brand.repository.ts';
import { setUpline } from '../apps/api/src/domains/members/member.repository.ts';
import { admin, benchDatabaseUrl, writeResults } from './support.ts';

const RUNS = Number(process.env.BENCH_TREE_RUNS ?? 30);

type Timing = { name: string; agent: string; teamSize: number; medianMs: number; p95Ms: number };

export type AgentsTreeResult = {
  members: number;
  levels: number[];
  closureRows: number;
  buildSeconds: number;
  timings: Timing[];
  move: { subtree: number; ms: number; consistent: boolean };
  machine: { cpus: number; node: string; loadStart: number; loadEnd: number };
};

async function time(
  runs: number,
  work: () => Promise<unknown>,
): Promise<{ medianMs: number; p95Ms: number }> {
  await work();
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? 0;
  return { medianMs: Number(at(0.5).toFixed(2)), p95Ms: Number(at(0.95).toFixed(2)) };
}

function levelSizes(total: number): number[] {
  const sizes: number[] = [];
  let size = 10;
  let used = 0;
  for (let level = 1; level <= 8; level += 1) {
    sizes.push(size);
    used += size;
    size *= 3;
  }
  const rest = total - used;
  sizes.push(Math.floor(rest / 2), rest - Math.floor(rest / 2));
  return sizes;
}

async function closureDrift(db: Db): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`set local statement_timeout = 0`.execute(trx);
    const res = await sql<{ n: string }>`
    with recursive chain (ancestor_id, descendant_id, depth) as (
      select id, id, 0 from members
      union all
      select m.upline_id, c.descendant_id, c.depth + 1 from chain c join members m on m.id = c.ancestor_id
      where m.upline_id is not null
    )
    select ((select count(*) from (select ancestor_id, descendant_id, depth from chain
               except select ancestor_id, descendant_id, depth from agent_tree) a)
          + (select count(*) from (select ancestor_id, descendant_id, depth from agent_tree
               except select ancestor_id, descendant_id, depth from chain) b))::text as n`.execute(trx);
    return Number(res.rows[0]?.n);
  });
}

export async function agentsTreeBench(): Promise<AgentsTreeResult> {
  const total = Number(process.env.BENCH_TREE_MEMBERS ?? 100_000);
  const levels = levelSizes(total);
  const dbName = `lotus_bench_tree_${randomBytes(4).toString('hex')}`;
  await admin(`CREATE DATABASE ${dbName}`);
  const loadStart = loadavg()[0] ?? 0;
  try {
    return await withDatabase(benchDatabaseUrl(dbName), async (db) => {
      await seed(db);
      const brand = await findBrandByMerchantCode(db, 'DEMO');
      if (!brand) throw new Error('no demo brand');
      const started = performance.now();
      for (const [index, size] of levels.entries()) {
        const level = index + 1;
        // Agents down to level 8 (isAgent 1), members below; member g of a level goes under the
        // previous level's member number 1 + (g - 1) mod (its size), in insertion order.
        await db.transaction().execute(async (trx) => {
          await sql`set local statement_timeout = 0`.execute(trx);
          await sql`
            with parents as (
              select id, row_number() over (order by id) as rn
              from members where brand_id = ${brand.id}::bigint and username like ${`lv${level - 1}\\_%`}
            )
            insert into members (brand_id, username, password_hash, is_agent, upline_id, affiliate_code)
            select ${brand.id}::bigint, 'lv' || ${level}::int || '_' || g, 'bench-no-login',
                   case when ${level}::int <= 8 then 1 else 0 end,
                   p.id,
                   case when ${level}::int <= 8 then 'B' || ${level}::int || 'X' || g end
            from generate_series(1, ${size}::int) g
            left join parents p on p.rn = 1 + (g - 1) % ${levels[index - 1] ?? 1}::int
            order by g`.execute(trx);
        });
      }
      const buildSeconds = Number(((performance.now() - started) / 1000).toFixed(1));
      await sql`analyze members`.execute(db);
      await sql`analyze agent_tree`.execute(db);
      const closureRows = Number(
        (await sql<{ n: string }>`select count(*)::text as n from agent_tree`.execute(db)).rows[0]?.n,
      );
      const byName = async (username: string) =>
        (
          await db
            .selectFrom('members')
            .select('id')
            .where('username', '=', username)
            .executeTakeFirstOrThrow()
        ).id;
      const top = await byName('lv1_1');
      const mid = await byName('lv5_1');
      const outsider = await byName(`lv10_${levels[9]}`);
      const today = new Date().toISOString().slice(0, 10);
      const from = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
      const timings: Timing[] = [];
      for (const [label, agentId] of [
        ['lv1_1 (level 1)', top],
        ['lv5_1 (level 5)', mid],
      ] as const) {
        const sizes = await teamSizes(db, brand.id, agentId);
        const add = async (name: string, work: () => Promise<unknown>) =>
          timings.push({ name, agent: label, teamSize: sizes.team, ...(await time(RUNS, work)) });
        await add('team sizes (direct, whole team)', () => teamSizes(db, brand.id, agentId));
        await add('direct downlines, first page of 20', () =>
          listTeam(db, brand.id, agentId, { search: '', directOnly: true }, 1, 20),
        );
        await add('whole team, first page of 20 with total', () =>
          listTeam(db, brand.id, agentId, { search: '', directOnly: false }, 1, 20),
        );
        await add('whole team, search "lv10_1"', () =>
          listTeam(db, brand.id, agentId, { search: 'lv10_1', directOnly: false }, 1, 20),
        );
        await add('overview figures by day, 30 days', () => teamDays(db, brand.id, agentId, from, today));
        await add('one id in my team? (refused id)', () => findTeamMember(db, brand.id, agentId, outsider));
      }
      // A level-2 agent (with everything below it) moved under another level-1 agent.
      const moved = await byName('lv2_1');
      const target = await byName('lv1_2');
      const subtree = (await teamSizes(db, brand.id, moved)).team + 1;
      const moveStarted = performance.now();
      await db.transaction().execute(async (trx) => {
        await sql`set local statement_timeout = 0`.execute(trx);
        await lockTree(trx, brand.id);
        if (await isInSubtree(trx, brand.id, moved, target)) throw new Error('cycle');
        await setUpline(trx, brand.id, moved, target);
      });
      const moveMs = Number((performance.now() - moveStarted).toFixed(1));
      const consistent = (await closureDrift(db)) === 0;
      return {
        members: total,
        levels,
        closureRows,
        buildSeconds,
        timings,
        move: { subtree, ms: moveMs, consistent },
        machine: {
          cpus: cpus().length,
          node: process.version,
          loadStart: Number(loadStart.toFixed(2)),
          loadEnd: Number((loadavg()[0] ?? 0).toFixed(2)),
        },
      };
    });
  } finally {
    if (!process.env.BENCH_TREE_KEEP_DB) await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  }
}

export function agentsTreeMarkdown(r: AgentsTreeResult): string {
  return [
    '## The downline tree (closure table) on PostgreSQL',
    '',
    `${r.members.toLocaleString('en')} members in ${r.levels.length} levels (${r.levels.map((n) => n.toLocaleString('en')).join(', ')}), inserted level by level through the members trigger that keeps \`agent_tree\` in ${r.buildSeconds} s: ${r.closureRows.toLocaleString('en')} closure rows. Each query run ${RUNS} times after one warm-up.`,
    '',
    '| query | agent | team | median ms | p95 ms |',
    '|---|---|---|---|---|',
    ...r.timings.map(
      (t) => `| ${t.name} | ${t.agent} | ${t.teamSize.toLocaleString('en')} | ${t.medianMs} | ${t.p95Ms} |`,
    ),
    '',
    `Moving a level-2 agent with its sub-tree (${r.move.subtree.toLocaleString('en')} members) under another level-1 agent, in one transaction: ${r.move.ms} ms; the closure afterwards equals the one recomputed from members.upline_id: ${r.move.consistent ? 'yes' : '**no**'}.`,
    '',
    `The machine (${r.machine.cpus} cores) was shared with other work: load average ${r.machine.loadStart} at the start, ${r.machine.loadEnd} at the end.`,
    '',
  ].join('\n');
}

if (import.meta.main) {
  const result = await agentsTreeBench();
  writeResults('agents-tree', 'Downline tree benchmark', result, agentsTreeMarkdown(result));
}
