/**
 * Test databases built once per run (tests only; the API's and the house vendor's Vitest global
 * setups and test support use it). A migrated and seeded database is made once and then copied for
 * each test file:
 * - PostgreSQL: a template database `<prefix>_tpl_<checksum>`; a test file's database is
 *   `CREATE DATABASE ... TEMPLATE` of it (a file copy of some megabytes instead of a migration run).
 * - PGlite: a snapshot of the migrated data directory (an uncompressed tar), loaded into a new
 *   in-memory instance (`loadDataDir`) instead of running initdb, the migrations and the seed.
 * Both are named by a checksum of the sources that make them (migrations, SQL function files, seed,
 * and anything else the caller lists), so a changed source builds a new one and a stale one is never
 * used. A template is complete before it gets its name: it is built under a temporary name and
 * renamed, so a run that was killed half-way leaves no template behind that another run would take.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import pg from 'pg';

export const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Templates of other checksums (parallel work trees, older commits) are dropped only beyond the
 * newest few and once they are old enough that no run still copies them.
 */
const KEEP_OTHER_TEMPLATES = 8;
const KEEP_YOUNGER_THAN_MS = 2 * 3_600_000;

/**
 * A checksum of every file under the given files and folders (recursively, in a stable order; a
 * folder's `node_modules`, `dist` and test files are left out), of their paths relative to `root`,
 * and of any extra strings (versions of the engines the snapshot depends on).
 */
export async function sourcesChecksum(
  root: string,
  sources: string[],
  extra: string[] = [],
): Promise<string> {
  const files: string[] = [];
  async function walk(entry: string): Promise<void> {
    const info = await stat(entry);
    if (info.isFile()) {
      files.push(entry);
      return;
    }
    for (const child of await readdir(entry)) {
      if (child === 'node_modules' || child === 'dist' || /\.test\.tsx?$/.test(child)) continue;
      await walk(path.join(entry, child));
    }
  }
  for (const source of sources) await walk(path.resolve(root, source));
  files.sort();
  const hash = createHash('sha256');
  for (const value of extra) hash.update(`extra\0${value}\0`);
  for (const file of files) {
    hash.update(`${path.relative(root, file)}\0`);
    hash.update(await readFile(file));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The URL of another database on the admin URL's server. */
export function databaseUrl(adminUrl: string, name: string): string {
  return adminUrl.replace(/\/[^/?]*(\?|$)/, `/${name}$1`);
}

function assertName(name: string): void {
  if (!/^[a-z][a-z0-9_]{0,62}$/.test(name)) throw new Error(`bad database name ${name}`);
}

/**
 * The name of the PostgreSQL template database for `checksum`, built by `build` (given the URL of
 * an empty database) when it does not exist yet. Several runs may ask at once: each builds under
 * its own temporary name and the first rename wins; the others drop theirs.
 */
export async function ensurePostgresTemplate(options: {
  adminUrl?: string;
  prefix: string;
  checksum: string;
  build: (url: string) => Promise<void>;
}): Promise<string> {
  const adminUrl = options.adminUrl ?? DEFAULT_ADMIN_URL;
  const template = `${options.prefix}_tpl_${options.checksum}`;
  assertName(template);
  const exists = await withAdmin(adminUrl, async (client) => {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1 AND datistemplate', [
      template,
    ]);
    return (found.rowCount ?? 0) > 0;
  });
  if (!exists) {
    const building = `${options.prefix}_tplbuild_${randomBytes(5).toString('hex')}`;
    await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE ${building}`));
    try {
      await options.build(databaseUrl(adminUrl, building));
      await withAdmin(adminUrl, async (client) => {
        // The build's pool has ended, but a backend may still be on its way out.
        await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [
          building,
        ]);
        await client.query(`ALTER DATABASE ${building} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
        await client.query(`COMMENT ON DATABASE ${building} IS '${new Date().toISOString()}'`);
        try {
          await client.query(`ALTER DATABASE ${building} RENAME TO ${template}`);
        } catch (error) {
          // Another run finished the same template first; its copy is as good as ours. PostgreSQL
          // says so as 42P04 (duplicate_database) or, when the two renames race in the catalogue,
          // 23505 on pg_database_datname_index.
          const code = (error as { code?: string }).code;
          if (code !== '42P04' && code !== '23505') throw error;
        }
      });
    } finally {
      await dropDatabase(adminUrl, building);
    }
  }
  await dropOldTemplates(adminUrl, options.prefix, template);
  return template;
}

/** Drops a database (a template too), whoever is connected to it. */
async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await withAdmin(adminUrl, async (client) => {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!found.rowCount) return;
    await client.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE false`);
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
}

/**
 * Drops templates of other checksums beyond the newest few (by the build time in their comment)
 * that were built more than two hours ago.
 */
async function dropOldTemplates(adminUrl: string, prefix: string, current: string): Promise<void> {
  const others = await withAdmin(adminUrl, async (client) => {
    const rows = await client.query<{ name: string; built: string | null }>(
      `SELECT d.datname AS name, shobj_description(d.oid, 'pg_database') AS built
         FROM pg_database d
        WHERE d.datistemplate AND d.datname LIKE $1 AND d.datname <> $2`,
      [`${prefix}\\_tpl\\_%`, current],
    );
    return rows.rows;
  });
  others.sort((a, b) => (b.built ?? '').localeCompare(a.built ?? ''));
  const cutoff = new Date(Date.now() - KEEP_YOUNGER_THAN_MS).toISOString();
  for (const old of others.slice(KEEP_OTHER_TEMPLATES).filter((t) => (t.built ?? '') < cutoff)) {
    try {
      await dropDatabase(adminUrl, old.name);
    } catch {
      // Another run is copying it right now or dropped it already: the next run tries again.
    }
  }
}

/**
 * Drops the test databases a killed run left behind: those named `<prefix>_...` (not templates)
 * created more than `olderThanMs` ago (their PG_VERSION file's time) that nobody is connected to.
 * No run lasts that long, so none of them is still in use.
 */
export async function dropAbandonedTestDatabases(options: {
  adminUrl?: string;
  prefixes: string[];
  olderThanMs?: number;
}): Promise<string[]> {
  const adminUrl = options.adminUrl ?? DEFAULT_ADMIN_URL;
  const olderThan = new Date(Date.now() - (options.olderThanMs ?? 6 * 3_600_000));
  const names = await withAdmin(adminUrl, async (client) => {
    const found = await client.query<{ name: string }>(
      `SELECT d.datname AS name FROM pg_database d
        WHERE NOT d.datistemplate
          AND d.datname LIKE ANY ($1::text[])
          AND (pg_stat_file('base/' || d.oid || '/PG_VERSION')).modification < $2
          AND NOT EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.datid = d.oid)`,
      [options.prefixes.map((p) => `${p.replaceAll('_', '\\_')}\\_%`), olderThan],
    );
    return found.rows.map((r) => r.name);
  });
  for (const name of names) {
    assertName(name);
    await withAdmin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).catch(
      () => undefined,
    );
  }
  return names;
}

export type TestPostgresDatabase = { name: string; url: string; drop: () => Promise<void> };

/** A new database for one test file: a copy of `template`, or an empty one when no template is given. */
export async function createTestPostgresDatabase(options: {
  adminUrl?: string;
  prefix: string;
  template?: string;
}): Promise<TestPostgresDatabase> {
  const adminUrl = options.adminUrl ?? DEFAULT_ADMIN_URL;
  const name = `${options.prefix}_${randomBytes(6).toString('hex')}`;
  assertName(name);
  if (options.template) assertName(options.template);
  await withAdmin(adminUrl, (client) =>
    client.query(
      options.template ? `CREATE DATABASE ${name} TEMPLATE ${options.template}` : `CREATE DATABASE ${name}`,
    ),
  );
  return {
    name,
    url: databaseUrl(adminUrl, name),
    drop: () =>
      withAdmin(adminUrl, async (client) => {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }),
  };
}

/**
 * The path of the PGlite snapshot for `checksum` under `cacheDir`, made by `build` (which answers the
 * data directory's tar, from `PGlite.dumpDataDir('none')`) when it does not exist yet. Written to a
 * temporary file and renamed, so a half-written snapshot is never read.
 */
export async function ensurePgliteSnapshot(options: {
  cacheDir: string;
  prefix: string;
  checksum: string;
  build: () => Promise<Blob>;
}): Promise<string> {
  await mkdir(options.cacheDir, { recursive: true });
  const file = path.join(options.cacheDir, `${options.prefix}-${options.checksum}.tar`);
  const present = await stat(file).then(
    () => true,
    () => false,
  );
  if (!present) {
    const blob = await options.build();
    const temporary = `${file}.${randomBytes(5).toString('hex')}.tmp`;
    await writeFile(temporary, Buffer.from(await blob.arrayBuffer()));
    await rename(temporary, file);
  }
  for (const entry of await readdir(options.cacheDir)) {
    if (entry.startsWith(`${options.prefix}-`) && entry !== path.basename(file)) {
      const old = path.join(options.cacheDir, entry);
      const age = Date.now() - (await stat(old).catch(() => ({ mtimeMs: Date.now() }))).mtimeMs;
      // Another work tree's run may still load its own for a while.
      if (age > 6 * 3_600_000) await rm(old, { force: true });
    }
  }
  return file;
}

/** A snapshot made by ensurePgliteSnapshot, read once per worker process. */
const snapshots = new Map<string, Promise<Buffer>>();
export async function readPgliteSnapshot(file: string): Promise<Blob> {
  let buffer = snapshots.get(file);
  if (!buffer) {
    buffer = readFile(file);
    snapshots.set(file, buffer);
  }
  return new Blob([new Uint8Array(await buffer)]);
}

/** The installed version of a package as seen from `from` (a file URL), even where its exports hide package.json. */
export async function installedVersion(name: string, from: string): Promise<string> {
  let dir = path.dirname(createRequire(from).resolve(name));
  while (dir !== path.dirname(dir)) {
    const manifest = await readFile(path.join(dir, 'package.json'), 'utf8').catch(() => null);
    if (manifest) {
      const parsed = JSON.parse(manifest) as { name?: string; version?: string };
      if (parsed.name === name && parsed.version) return parsed.version;
    }
    dir = path.dirname(dir);
  }
  throw new Error(`no package.json of ${name}`);
}
