/**
 * What the PostgreSQL benchmarks share (bench/games.ts, live.ts, lottery.ts, rewards.ts,
 * seamless.ts): the admin connection that creates and drops their throw-away databases, starting a
 * repository script as a child process, the machine's load, and writing a benchmark's results as
 * bench/results/<name>.{json,md} when it runs alone.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { root } from './platform.ts';

export const ADMIN_URL =
  process.env.BENCH_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** One statement on the admin database (CREATE / DROP DATABASE), on its own connection. */
export async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The URL of another database on the admin database's server. */
export function benchDatabaseUrl(name: string): string {
  return ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
}

/** The first row of one query on a database, on its own connection. */
export async function queryOne<T extends Record<string, unknown>>(
  url: string,
  text: string,
): Promise<T | undefined> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows[0];
  } finally {
    await client.end();
  }
}

/**
 * Starts a repository script (`apps/api/src/main.ts`, ...) with Node; BENCH_CHILD_NODE_ARGS adds
 * Node options to it (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`, which NODE_OPTIONS refuses).
 */
export function startScript(script: string, env: NodeJS.ProcessEnv): ChildProcess {
  const extra = (process.env.BENCH_CHILD_NODE_ARGS ?? '').split(' ').filter(Boolean);
  return spawn(process.execPath, [...extra, join(root, script)], { cwd: root, env, stdio: 'inherit' });
}

/** The machine's 1-minute load average, one decimal (the benchmarks share the machine). */
export function load1(): number {
  return Math.round((loadavg()[0] ?? 0) * 10) / 10;
}

/**
 * A benchmark's result as bench/results/<name>.json (with the date) and its Markdown under a title
 * line as <name>.md (run alone, or as part of `npm run bench`). Answers the Markdown.
 */
export function writeResultFiles(
  name: string,
  title: string,
  result: { machine: { cpus: number; node: string } },
  markdown: string,
): string {
  const out = join(root, 'bench/results');
  mkdirSync(out, { recursive: true });
  const date = new Date().toISOString();
  writeFileSync(join(out, `${name}.json`), `${JSON.stringify({ date, ...result }, null, 2)}\n`);
  const md = `# ${title} (${date}, ${result.machine.cpus} cores, Node ${result.machine.node})\n\n${markdown}`;
  writeFileSync(join(out, `${name}.md`), md);
  return md;
}

/** A benchmark run alone: writeResultFiles, and the Markdown printed. */
export function writeResults(
  name: string,
  title: string,
  result: { machine: { cpus: number; node: string } },
  markdown: string,
): string {
  const md = writeResultFiles(name, title, result, markdown);
  process.stdout.write(`${md}\n`);
  return md;
}

/** Creates the benchmark's throw-away databases (a platform's and its vendor's, ...). */
export async function createBenchDatabases(...names: string[]): Promise<void> {
  for (const name of names) await admin(`CREATE DATABASE ${name}`);
}

/** Drops them again, the last created first, whoever is still connected. */
export async function dropBenchDatabases(...names: string[]): Promise<void> {
  for (const name of [...names].reverse()) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

/** How many rows a vendor table holds, and how many of them are not final yet. */
export async function rowsAndOpen(
  url: string,
  table: string,
  open: string,
): Promise<{ all: number; open: number }> {
  const row = await queryOne<{ all: string; open: string }>(
    url,
    `select count(*)::text as all, count(*) filter (where ${open})::text as open from ${table}`,
  );
  return { all: Number(row?.all ?? 0), open: Number(row?.open ?? 0) };
}
