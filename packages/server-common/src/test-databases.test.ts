import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createTestPostgresDatabase,
  DEFAULT_ADMIN_URL,
  databaseUrl,
  dropAbandonedTestDatabases,
  ensurePgliteSnapshot,
  ensurePostgresTemplate,
  sourcesChecksum,
} from './test-databases.ts';

/**
 * The test suite's prepared databases (test-databases.ts): a template is named by the checksum of
 * its sources, so a changed source never reuses a stale one; one is complete before it has its
 * name, so a failed or concurrent build never leaves a half-made one to be taken.
 */

const ADMIN_URL = process.env.TEST_ADMIN_DATABASE_URL ?? DEFAULT_ADMIN_URL;
const scratch: string[] = [];

async function scratchDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'test-databases-'));
  scratch.push(dir);
  return dir;
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function databasesLike(pattern: string): Promise<string[]> {
  const { rows } = await admin((c) =>
    c.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1 ORDER BY 1', [
      pattern,
    ]),
  );
  return rows.map((r) => r.datname);
}

/** A prefix of its own per run, so parallel runs and earlier runs never meet these databases. */
const PREFIX = `tdb${randomBytes(3).toString('hex')}`;

afterAll(async () => {
  for (const name of await databasesLike(`${PREFIX}%`)) {
    await admin(async (c) => {
      await c.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE false`);
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    });
  }
  for (const dir of scratch) await rm(dir, { recursive: true, force: true });
});

describe('sourcesChecksum', () => {
  it('changes with a file’s content, a new file, a renamed file and the extras; not with tests or node_modules', async () => {
    const root = await scratchDir();
    await writeFile(path.join(root, 'a.sql'), 'create table a (id int);');
    await writeFile(path.join(root, 'b.ts'), 'export const b = 1;');
    const first = await sourcesChecksum(root, ['.']);
    expect(first).toMatch(/^[0-9a-f]{16}$/);
    expect(await sourcesChecksum(root, ['.'])).toBe(first);

    // Left out: tests and installed packages.
    await writeFile(path.join(root, 'b.test.ts'), 'it("x", () => {});');
    await writeFile(path.join(root, 'node_modules'), 'not a folder of ours');
    expect(await sourcesChecksum(root, ['.'])).toBe(first);

    await writeFile(path.join(root, 'a.sql'), 'create table a (id bigint);');
    const changed = await sourcesChecksum(root, ['.']);
    expect(changed).not.toBe(first);

    await writeFile(path.join(root, 'c.sql'), '');
    const added = await sourcesChecksum(root, ['.']);
    expect(added).not.toBe(changed);

    await rename(path.join(root, 'c.sql'), path.join(root, 'd.sql'));
    const renamed = await sourcesChecksum(root, ['.']);
    expect(renamed).not.toBe(added);

    expect(await sourcesChecksum(root, ['.'], ['pglite 0.5.16'])).not.toBe(renamed);
    expect(await sourcesChecksum(root, ['.'], ['pglite 0.5.17'])).not.toBe(
      await sourcesChecksum(root, ['.'], ['pglite 0.5.16']),
    );
  });

  it('refuses a source that does not exist rather than hashing nothing', async () => {
    const root = await scratchDir();
    await expect(sourcesChecksum(root, ['missing'])).rejects.toThrow();
  });
});

describe('ensurePgliteSnapshot', () => {
  it('builds once per checksum, another checksum builds a new one, and a failed build leaves nothing', async () => {
    const cacheDir = await scratchDir();
    let builds = 0;
    const build = async () => {
      builds += 1;
      return new Blob([`snapshot ${builds}`]);
    };
    const [a, b] = await Promise.all([
      ensurePgliteSnapshot({ cacheDir, prefix: 'api', checksum: 'aaaa', build }),
      ensurePgliteSnapshot({ cacheDir, prefix: 'api', checksum: 'aaaa', build }),
    ]);
    expect(a).toBe(b);
    const again = await ensurePgliteSnapshot({ cacheDir, prefix: 'api', checksum: 'aaaa', build });
    expect(again).toBe(a);
    const calls = builds;
    expect(calls).toBeLessThanOrEqual(2); // two callers at once may both build; the last rename wins
    expect(await readFile(a, 'utf8')).toMatch(/^snapshot [12]$/);

    const other = await ensurePgliteSnapshot({ cacheDir, prefix: 'api', checksum: 'bbbb', build });
    expect(other).not.toBe(a);
    expect(builds).toBe(calls + 1);

    await expect(
      ensurePgliteSnapshot({
        cacheDir,
        prefix: 'api',
        checksum: 'cccc',
        build: async () => {
          throw new Error('migration failed');
        },
      }),
    ).rejects.toThrow('migration failed');
    const files = await readdir(cacheDir);
    expect(files.some((f) => f.includes('cccc'))).toBe(false);
    expect(files.some((f) => f.endsWith('.tmp'))).toBe(false);
  });
});

describe('ensurePostgresTemplate', () => {
  const tableOf = async (url: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ note: string }>('SELECT note FROM built ORDER BY note');
      return rows.map((r) => r.note);
    } finally {
      await client.end();
    }
  };
  const builder = (note: string, counter: { n: number }) => async (url: string) => {
    counter.n += 1;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query('CREATE TABLE built (note text)');
      await client.query('INSERT INTO built VALUES ($1)', [note]);
    } finally {
      await client.end();
    }
  };

  it('builds a template once, copies it per test file, and keeps the copies apart', async () => {
    const counter = { n: 0 };
    const checksum = randomBytes(8).toString('hex');
    const template = await ensurePostgresTemplate({
      adminUrl: ADMIN_URL,
      prefix: PREFIX,
      checksum,
      build: builder('first', counter),
    });
    expect(template).toBe(`${PREFIX}_tpl_${checksum}`);
    expect(
      await ensurePostgresTemplate({
        adminUrl: ADMIN_URL,
        prefix: PREFIX,
        checksum,
        build: builder('x', counter),
      }),
    ).toBe(template);
    expect(counter.n).toBe(1);
    // Nobody may connect to the template itself (a connection would block every copy).
    await expect(tableOf(databaseUrl(ADMIN_URL, template))).rejects.toThrow();

    const one = await createTestPostgresDatabase({ adminUrl: ADMIN_URL, prefix: `${PREFIX}_t`, template });
    const two = await createTestPostgresDatabase({ adminUrl: ADMIN_URL, prefix: `${PREFIX}_t`, template });
    try {
      expect(await tableOf(one.url)).toEqual(['first']);
      const client = new pg.Client({ connectionString: one.url });
      await client.connect();
      await client.query("INSERT INTO built VALUES ('only in one')");
      await client.end();
      expect(await tableOf(two.url)).toEqual(['first']);
    } finally {
      await one.drop();
      await two.drop();
    }
    expect(await databasesLike(`${PREFIX}\\_t\\_%`)).toEqual([]);
  });

  it('a failing build leaves neither a template nor its half-built database; a retry builds it', async () => {
    const checksum = randomBytes(8).toString('hex');
    await expect(
      ensurePostgresTemplate({
        adminUrl: ADMIN_URL,
        prefix: PREFIX,
        checksum,
        build: async () => {
          throw new Error('seed failed');
        },
      }),
    ).rejects.toThrow('seed failed');
    expect(await databasesLike(`${PREFIX}\\_tpl%${checksum}`)).toEqual([]);
    expect(await databasesLike(`${PREFIX}\\_tplbuild\\_%`)).toEqual([]);

    const counter = { n: 0 };
    const template = await ensurePostgresTemplate({
      adminUrl: ADMIN_URL,
      prefix: PREFIX,
      checksum,
      build: builder('retried', counter),
    });
    const copy = await createTestPostgresDatabase({ adminUrl: ADMIN_URL, prefix: `${PREFIX}_t`, template });
    try {
      expect(await tableOf(copy.url)).toEqual(['retried']);
    } finally {
      await copy.drop();
    }
  });

  it('two runs building the same template at once both get one complete template', async () => {
    const checksum = randomBytes(8).toString('hex');
    const counter = { n: 0 };
    const [a, b] = await Promise.all([
      ensurePostgresTemplate({ adminUrl: ADMIN_URL, prefix: PREFIX, checksum, build: builder('a', counter) }),
      ensurePostgresTemplate({ adminUrl: ADMIN_URL, prefix: PREFIX, checksum, build: builder('b', counter) }),
    ]);
    expect(a).toBe(b);
    expect(await databasesLike(`${PREFIX}\\_tplbuild\\_%`)).toEqual([]);
    const copy = await createTestPostgresDatabase({
      adminUrl: ADMIN_URL,
      prefix: `${PREFIX}_t`,
      template: a,
    });
    try {
      expect(['a', 'b']).toContain((await tableOf(copy.url))[0]);
      expect(await tableOf(copy.url)).toHaveLength(1);
    } finally {
      await copy.drop();
    }
  });

  it('drops the test databases a killed run left behind, never one in use or another prefix’s', async () => {
    const left = await createTestPostgresDatabase({ adminUrl: ADMIN_URL, prefix: `${PREFIX}_gone` });
    const inUse = await createTestPostgresDatabase({ adminUrl: ADMIN_URL, prefix: `${PREFIX}_gone` });
    const other = await createTestPostgresDatabase({ adminUrl: ADMIN_URL, prefix: `${PREFIX}_kept` });
    const client = new pg.Client({ connectionString: inUse.url });
    await client.connect();
    try {
      // Young ones stay (a run may be using them).
      expect(await dropAbandonedTestDatabases({ adminUrl: ADMIN_URL, prefixes: [`${PREFIX}_gone`] })).toEqual(
        [],
      );
      // Everything counts as old with a cutoff in the future: the idle one goes, the one in use stays.
      const dropped = await dropAbandonedTestDatabases({
        adminUrl: ADMIN_URL,
        prefixes: [`${PREFIX}_gone`],
        olderThanMs: -60_000,
      });
      expect(dropped).toEqual([left.name]);
      expect(await databasesLike(`${PREFIX}\\_gone\\_%`)).toEqual([inUse.name]);
      expect(await databasesLike(`${PREFIX}\\_kept\\_%`)).toEqual([other.name]);
    } finally {
      await client.end();
      await inUse.drop();
      await other.drop();
    }
  });

  it('refuses a name that is not a plain identifier (no SQL through a prefix or template)', async () => {
    await expect(
      createTestPostgresDatabase({ adminUrl: ADMIN_URL, prefix: 'x; DROP DATABASE postgres; --' }),
    ).rejects.toThrow('bad database name');
    await expect(
      createTestPostgresDatabase({ adminUrl: ADMIN_URL, prefix: PREFIX, template: 'postgres" --' }),
    ).rejects.toThrow('bad database name');
  });
});
