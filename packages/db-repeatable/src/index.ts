import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type Kysely, sql } from 'kysely';

/**
 * Repeatable migrations: database functions whose one current source is a `.sql` file next to the
 * code that owns them (for example apps/api/src/domains/vendors/sql/seamless_bet.sql). Each file
 * holds exactly one `create or replace function <name>(...)` statement and owns every overload of
 * that name. After the ordinary migrations, every file whose sha256 differs from the checksum
 * recorded in the repeatable table (`repeatable_migrations` unless the caller names its own; the
 * caller's migrations create it: name text primary key, checksum text, applied_at timestamptz) is
 * applied, all in one transaction: the function's existing overloads are dropped (so a file may
 * change its arguments), the file runs, its checksum is recorded. A later change edits the file; no
 * body is copied into a migration.
 *
 * Shared by the platform API and the house vendor (each its own database and table); Node only, no
 * import from apps/*.
 */
export type RepeatableFunction = { name: string; file: URL };
export type LoadedRepeatable = { name: string; text: string; checksum: string; fn: string };
export type ApplyOptions = {
  /** Apply every file whatever its recorded checksum (after an ordinary migration ran). */
  force?: boolean;
  /** The table of checksums; `repeatable_migrations` by default. */
  table?: string;
};

export const DEFAULT_REPEATABLE_TABLE = 'repeatable_migrations';

const CREATE = /^\s*create\s+or\s+replace\s+function\s+([a-z_][a-z0-9_]*)\s*\(/im;
const TABLE_NAME = /^[a-z_][a-z0-9_]*$/;

export function checksumOf(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export function loadRepeatable(entry: RepeatableFunction): LoadedRepeatable {
  const text = readFileSync(entry.file, 'utf8');
  const fn = CREATE.exec(text)?.[1];
  if (!fn) throw new Error(`${entry.name}: a repeatable file holds one create or replace function`);
  return { name: entry.name, text, checksum: checksumOf(text), fn };
}

/** Applies the files whose checksum changed (all of them with `force`); answers their names. */
export async function applyRepeatables<DB>(
  db: Kysely<DB>,
  entries: RepeatableFunction[],
  options: ApplyOptions = {},
): Promise<string[]> {
  const tableName = options.table ?? DEFAULT_REPEATABLE_TABLE;
  if (!TABLE_NAME.test(tableName)) throw new Error(`repeatable table ${tableName} is not a plain name`);
  const table = sql.table(tableName);
  const files = entries.map(loadRepeatable);
  return db.transaction().execute(async (trx) => {
    // Two processes starting at once: the second waits, then finds the checksums recorded.
    await sql`lock table ${table} in exclusive mode`.execute(trx);
    const stored = await sql<{ name: string; checksum: string }>`
      select name, checksum from ${table}`.execute(trx);
    const known = new Map(stored.rows.map((r) => [r.name, r.checksum]));
    const applied: string[] = [];
    for (const file of files) {
      if (!options.force && known.get(file.name) === file.checksum) continue;
      const overloads = await sql<{ signature: string }>`
        select p.oid::regprocedure::text as signature from pg_proc p
          where p.proname = ${file.fn} and p.pronamespace = current_schema()::regnamespace`.execute(trx);
      for (const o of overloads.rows) await sql.raw(`drop function ${o.signature}`).execute(trx);
      await sql.raw(file.text).execute(trx);
      await sql`
        insert into ${table} (name, checksum) values (${file.name}, ${file.checksum})
        on conflict (name) do update set checksum = excluded.checksum, applied_at = now()`.execute(trx);
      applied.push(file.name);
    }
    return applied;
  });
}

/**
 * The statement of a repeatable file marked `-- plan: <name>(<param> <type>, ...)`, as a statement
 * PREPARE accepts: the PL/pgSQL parameters it names become $1, $2... and its `into` target goes.
 * Lets a test examine the plan of the real statement rather than a copy.
 */
export function markedStatement(entry: RepeatableFunction, name: string): { types: string[]; text: string } {
  const { text } = loadRepeatable(entry);
  const mark = new RegExp(`--\\s*plan:\\s*${name}\\(([^)]*)\\)\\s*\\n([^;]*);`).exec(text);
  if (!mark?.[1] || !mark[2]) throw new Error(`no statement marked plan: ${name} in ${entry.name}`);
  const params = mark[1].split(',').map((p) => p.trim().split(/\s+/));
  let statement = mark[2].replace(/\binto\s+v_[a-z_]+/i, '');
  params.forEach(([param], i) => {
    statement = statement.replace(new RegExp(`\\b${param}\\b`, 'g'), `$${i + 1}`);
  });
  return { types: params.map((p) => p[1] ?? 'text'), text: statement.trim() };
}
