/**
 * Which unit of the API writes which table (part of `npm run boundaries`, scripts/boundaries.ts).
 *
 * A table belongs to the unit whose row types declare it (scripts/row-types.ts): a domain's
 * `<domain>.tables.ts`, or the kernel's `Database` in apps/api/src/db/schema.ts. Every other unit
 * reaches it through the owner's service, never by writing it:
 *
 * - `table-write`: a file of apps/api/src writes (Kysely `insertInto`, `updateTable`, `deleteFrom`,
 *   `mergeInto`, `replaceInto`; `insert into`, `update`, `delete from`, `merge into`, `truncate`,
 *   `copy ... from` in a sql`` template or a `.sql` file) a table another unit owns, or a table it
 *   cannot name (a variable: `updateTable(table)`, `insert into ${...}`, reported as `(dynamic)`).
 * - `migration-ddl`: a migration creates, alters or drops (`create table`, `alter table`, `drop
 *   table`, `create index ... on`, Kysely's `createTable`/`alterTable`/`dropTable`) a table another
 *   unit owns. The legacy migrations (named `NNNN_name`, applied in deployed databases and frozen,
 *   apps/api/src/db/migrator.ts) are history and not read; every newer one is.
 *
 * Tests and the harness (harness*.ts, for end-to-end tests and benchmarks) arrange state in any
 * table and are not read. The exceptions are listed with their reason in scripts/boundaries.allow.json.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { API_SRC, blankComments, ownerOfFile, readRowTypes, tablesFiles, unitFolders } from './row-types.ts';

export type TableViolation = { rule: string; from: string; to: string; detail?: string };

/** Files that arrange state for tests (any table, any repository), as tests do. */
export const ARRANGES_STATE =
  /(\.test\.tsx?$|^apps\/api\/src\/harness[^/]*\.ts$|^apps\/api\/src\/db\/seed(\.ts$|\/))/;
/** A legacy migration's file (`NNNN_name.ts`): applied in deployed databases, never edited again. */
const LEGACY_MIGRATION = /\/migrations\/\d{4}_[a-z0-9_]+\.ts$/;
const DYNAMIC = '(dynamic)';
const PLACEHOLDER = '__interpolated__';

function walk(dir: string, out: string[]): string[] {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'fixtures') walk(path.join(dir, entry.name), out);
    } else if (/\.(ts|sql)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      out.push(path.join(dir, entry.name));
    }
  }
  return out;
}

/** The index just past the template literal whose opening backtick is at `start`. */
function templateEnd(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length) {
    const c = text[i];
    if (c === '\\') i += 2;
    else if (c === '`') return i + 1;
    else if (c === '$' && text[i + 1] === '{') i = expressionEnd(text, i + 2);
    else i += 1;
  }
  return text.length;
}

/** The index just past the `}` closing an interpolation whose expression starts at `start`. */
function expressionEnd(text: string, start: number): number {
  let depth = 1;
  let i = start;
  while (i < text.length) {
    const c = text[i] as string;
    if (c === '`') i = templateEnd(text, i);
    else if (c === "'" || c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== c) j += text[j] === '\\' ? 2 : 1;
      i = j + 1;
    } else {
      if (c === '{') depth += 1;
      if (c === '}') {
        depth -= 1;
        if (depth === 0) return i + 1;
      }
      i += 1;
    }
  }
  return text.length;
}

/** The SQL text of every sql`` template of a TypeScript source, interpolations replaced by a placeholder. */
export function sqlTemplates(source: string): string[] {
  const code = blankComments(source);
  const out: string[] = [];
  for (const m of code.matchAll(/\bsql\s*(?:<[^`]*?>)?\s*`/g)) {
    const start = (m.index as number) + m[0].length - 1;
    const end = templateEnd(code, start);
    let text = '';
    let i = start + 1;
    while (i < end - 1) {
      if (code[i] === '$' && code[i + 1] === '{') {
        i = expressionEnd(code, i + 2);
        text += ` ${PLACEHOLDER} `;
      } else {
        text += code[i];
        i += 1;
      }
    }
    out.push(text);
  }
  return out;
}

/** SQL with its comments and string literals blanked (dollar-quoted function bodies are kept: code). */
function sqlCode(sql: string): string {
  return sql
    .replace(/--[^\n]*/g, ' ')
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/'(?:[^']|'')*'/g, "''");
}

const NAME = `(?:public\\.)?"?([a-z_][a-z0-9_]*)"?`;
const SQL_WRITES: RegExp[] = [
  new RegExp(`\\binsert\\s+into\\s+(?:only\\s+)?${NAME}`, 'gi'),
  new RegExp(`\\bupdate\\s+(?:only\\s+)?(?!(?:set|of|skip|nowait)\\b)${NAME}`, 'gi'),
  new RegExp(`\\bdelete\\s+from\\s+(?:only\\s+)?${NAME}`, 'gi'),
  new RegExp(`\\bmerge\\s+into\\s+(?:only\\s+)?${NAME}`, 'gi'),
  new RegExp(`\\bcopy\\s+${NAME}\\s*(?:\\([^)]*\\))?\\s*from\\b`, 'gi'),
];
const SQL_DDL: RegExp[] = [
  new RegExp(`\\bcreate\\s+(?:unlogged\\s+)?table\\s+(?:if\\s+not\\s+exists\\s+)?${NAME}`, 'gi'),
  new RegExp(`\\balter\\s+table\\s+(?:if\\s+exists\\s+)?(?:only\\s+)?${NAME}`, 'gi'),
  new RegExp(`\\bcreate\\s+(?:unique\\s+)?index\\s+[^;]*?\\bon\\s+(?:only\\s+)?${NAME}`, 'gi'),
];

/** The tables a list of names starting at `at` names (`truncate a, b`, `drop table if exists a, b`). */
function nameList(code: string, at: number): string[] {
  const m = /^\s*((?:(?:public\.)?"?[a-z_][a-z0-9_]*"?\s*,\s*)*(?:public\.)?"?[a-z_][a-z0-9_]*"?)/i.exec(
    code.slice(at),
  );
  return (m?.[1] ?? '')
    .split(',')
    .map((n) =>
      n
        .trim()
        .replace(/^public\./i, '')
        .replace(/"/g, '')
        .toLowerCase(),
    )
    .filter(Boolean);
}

/** The tables a piece of SQL writes (`(dynamic)` for an interpolated name). */
export function sqlWrites(sql: string): string[] {
  const code = sqlCode(sql);
  const found: string[] = [];
  for (const pattern of SQL_WRITES) {
    for (const m of code.matchAll(pattern)) found.push((m[1] as string).toLowerCase());
  }
  for (const m of code.matchAll(/\btruncate\s+(?:table\s+)?(?:only\s+)?/gi)) {
    found.push(...nameList(code, (m.index as number) + m[0].length));
  }
  return found.map((name) => (name === PLACEHOLDER ? DYNAMIC : name));
}

/** The tables a piece of SQL creates, alters, indexes or drops. */
export function sqlDefinitions(sql: string): string[] {
  const code = sqlCode(sql);
  const found: string[] = [];
  for (const pattern of SQL_DDL) {
    for (const m of code.matchAll(pattern)) found.push((m[1] as string).toLowerCase());
  }
  for (const m of code.matchAll(/\bdrop\s+table\s+(?:if\s+exists\s+)?/gi)) {
    found.push(...nameList(code, (m.index as number) + m[0].length));
  }
  return found.map((name) => (name === PLACEHOLDER ? DYNAMIC : name));
}

/** The tables a TypeScript source writes through Kysely's builders (`(dynamic)`: not a literal). */
export function kyselyWrites(
  source: string,
  methods = ['insertInto', 'updateTable', 'deleteFrom', 'mergeInto', 'replaceInto'],
): string[] {
  const code = blankComments(source);
  const found: string[] = [];
  for (const m of code.matchAll(
    new RegExp(`\\.(?:${methods.join('|')})\\(\\s*(?:(['"])([^'"]*)\\1)?`, 'g'),
  )) {
    const literal = m[2];
    found.push(literal === undefined ? DYNAMIC : (literal.trim().split(/\s+/)[0] as string));
  }
  return found;
}

/** Every write to another unit's table (and every migration's DDL on one) under `root`. */
export function tableViolations(root: string): TableViolation[] {
  const owners = new Map(readRowTypes(root).map((t) => [t.name, t.owner]));
  const units = unitFolders(tablesFiles(root));
  const out: TableViolation[] = [];
  const seen = new Set<string>();
  const report = (rule: string, from: string, owner: string, table: string, verb: string) => {
    const tableOwner = owners.get(table);
    if (table !== DYNAMIC && (tableOwner === undefined || tableOwner === owner)) return;
    const key = `${rule} ${from} ${table}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({
      rule,
      from,
      to: table,
      detail:
        table === DYNAMIC
          ? `${owner} ${verb} a table named by a variable: name it, or list the tables in scripts/boundaries.allow.json`
          : `${owner} ${verb} ${table}, a table of ${tableOwner}: go through the ${tableOwner} service`,
    });
  };
  for (const absolute of walk(path.join(root, API_SRC), [])) {
    const file = path.relative(root, absolute).split(path.sep).join('/');
    if (ARRANGES_STATE.test(file) || LEGACY_MIGRATION.test(file)) continue;
    const owner = ownerOfFile(file, units) as string;
    const source = readFileSync(absolute, 'utf8');
    if (file.endsWith('.sql')) {
      for (const table of sqlWrites(source)) report('table-write', file, owner, table, 'writes');
      continue;
    }
    const templates = sqlTemplates(source);
    for (const table of kyselyWrites(source)) report('table-write', file, owner, table, 'writes');
    for (const text of templates) {
      for (const table of sqlWrites(text)) report('table-write', file, owner, table, 'writes');
    }
    if (file.includes('/migrations/')) {
      const definitions = [
        ...templates.flatMap(sqlDefinitions),
        ...kyselyWrites(source, ['createTable', 'alterTable', 'dropTable']),
      ];
      for (const table of definitions) report('migration-ddl', file, owner, table, 'defines');
    }
  }
  return out;
}
