/**
 * The API's row types read from their source (TypeScript 7 has no JavaScript API): every table of the
 * Kysely `Database` (apps/api/src/db/schema.ts), the unit that owns it, the migration that creates it
 * and its columns' types as written.
 *
 * - A domain's tables are the members of the `*Tables` interface in its `<domain>.tables.ts`
 *   (apps/api/src/domains/<domain>/ or another folder of apps/api/src, e.g. events/); the kernel's are
 *   the members written in `Database` itself (schema.ts). Tables only SQL uses, without a row type,
 *   are the members of a `*SqlOnlyTables` interface (the kernel's `KernelSqlOnlyTables`).
 * - A table's member carries `Created by migration <name>` in its comment: the migration whose
 *   `create table` makes it (scripts/row-types.test.ts compares the two).
 * - A column's type is resolved far enough to compare it with the database (apps/api/src/db/
 *   schema.test.ts): what a select answers (string, number, boolean, Date, JSON, array), whether it
 *   may be null and whether an insert may leave it out.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const API_SRC = 'apps/api/src';
export const SCHEMA_FILE = `${API_SRC}/db/schema.ts`;
const COLUMN_TYPES_FILE = `${API_SRC}/db/column-types.ts`;

export type ValueKind = 'string' | 'number' | 'boolean' | 'date' | 'json' | 'array' | 'unknown';
export type ColumnShape = { kinds: ValueKind[]; nullable: boolean; insertOptional: boolean };
export type RowColumn = { name: string; type: string; shape: ColumnShape };
export type RowTable = {
  name: string;
  /** The file declaring it (relative to the repository, with /). */
  file: string;
  /** `kernel`, or the folder of apps/api/src/domains (or of apps/api/src) whose tables file declares it. */
  owner: string;
  /** The migration named in its comment (`Created by migration 0030_lottery`), null when none is. */
  createdBy: string | null;
  /** Declared in a `*SqlOnlyTables` interface: no row type, only SQL reads and writes it (no columns here). */
  sqlOnly: boolean;
  columns: RowColumn[];
};

const SKIP_DIRS = new Set(['node_modules', 'dist', 'fixtures']);

function walk(dir: string, keep: (name: string) => boolean, out: string[]): string[] {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) walk(path.join(dir, entry.name), keep, out);
    } else if (keep(entry.name)) out.push(path.join(dir, entry.name));
  }
  return out;
}

const rel = (root: string, file: string) => path.relative(root, file).split(path.sep).join('/');

/** The API's `*.tables.ts` files under `root` (relative paths, sorted). */
export function tablesFiles(root: string): string[] {
  return walk(path.join(root, API_SRC), (name) => name.endsWith('.tables.ts'), [])
    .map((file) => rel(root, file))
    .sort();
}

/**
 * The unit owning a file of apps/api/src: `domains/<name>/...` is the domain `<name>`; another
 * top-level folder with its own tables file (`events/events.tables.ts`) is that folder; anything
 * else is the kernel. Null outside apps/api/src.
 */
export function ownerOfFile(file: string, unitFolders: ReadonlySet<string>): string | null {
  if (!file.startsWith(`${API_SRC}/`)) return null;
  const parts = file.slice(API_SRC.length + 1).split('/');
  if (parts[0] === 'domains' && parts.length > 2) return parts[1] as string;
  if (parts.length > 1 && unitFolders.has(parts[0] as string)) return parts[0] as string;
  return 'kernel';
}

/** The top-level folders of apps/api/src (other than domains/) that declare tables of their own. */
export function unitFolders(files: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const file of files) {
    const parts = file.slice(API_SRC.length + 1).split('/');
    if (parts[0] !== 'domains' && parts.length === 2) out.add(parts[0] as string);
  }
  return out;
}

/** The text with its comments replaced by spaces (same offsets); strings and templates are kept. */
export function blankComments(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    const next = text[i + 1];
    if (c === '/' && next === '/') {
      const end = text.indexOf('\n', i);
      const stop = end < 0 ? text.length : end;
      out += ' '.repeat(stop - i);
      i = stop;
    } else if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? text.length : end + 2;
      out += text.slice(i, stop).replace(/[^\n]/g, ' ');
      i = stop;
    } else if (c === "'" || c === '"' || c === '`') {
      let j = i + 1;
      while (j < text.length && text[j] !== c) j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else {
      out += c;
      i += 1;
    }
  }
  return out;
}

const OPEN: Record<string, string> = { '{': '}', '(': ')', '[': ']', '<': '>' };
const CLOSE = new Set(['}', ')', ']', '>']);

/** The index just past the bracket closing the one at `start` (quotes skipped; `=>` is no bracket). */
function closing(text: string, start: number): number {
  let depth = 0;
  for (let i = start; i < text.length; i += 1) {
    const c = text[i] as string;
    if (c === "'" || c === '"' || c === '`') {
      let j = i + 1;
      while (j < text.length && text[j] !== c) j += text[j] === '\\' ? 2 : 1;
      i = j;
    } else if (c === '>' && text[i - 1] === '=') {
      // An arrow (`=>`), not a bracket.
    } else if (OPEN[c]) depth += 1;
    else if (CLOSE.has(c)) {
      depth -= 1;
      if (depth === 0) return i + 1;
    }
  }
  throw new Error(`unbalanced ${text[start]} at ${start}`);
}

/** Splits at `sep` characters outside brackets and quotes. */
function splitTop(text: string, seps: string): { part: string; start: number }[] {
  const parts: { part: string; start: number }[] = [];
  let from = 0;
  let depth = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i] as string;
    if (c === "'" || c === '"' || c === '`') {
      let j = i + 1;
      while (j < text.length && text[j] !== c) j += text[j] === '\\' ? 2 : 1;
      i = j;
    } else if (c === '>' && text[i - 1] === '=') {
      // An arrow (`=>`), not a bracket.
    } else if (OPEN[c]) depth += 1;
    else if (CLOSE.has(c)) depth -= 1;
    else if (depth === 0 && seps.includes(c)) {
      parts.push({ part: text.slice(from, i), start: from });
      from = i + 1;
    }
  }
  parts.push({ part: text.slice(from), start: from });
  return parts;
}

type Member = { name: string; optional: boolean; type: string; comment: string };
export type Declarations = {
  interfaces: Map<string, Member[]>;
  aliases: Map<string, { params: string[]; type: string }>;
};

/** The members of an object type's body (`name?: type;` each, with the comment written before it). */
function members(original: string, blank: string, bodyStart: number, bodyEnd: number): Member[] {
  const body = blank.slice(bodyStart, bodyEnd);
  const out: Member[] = [];
  for (const { part, start } of splitTop(body, ';')) {
    const m = /^(\s*)([A-Za-z_$][\w$]*)(\?)?\s*:([\s\S]*)$/.exec(part);
    if (!m) continue;
    const at = bodyStart + start;
    out.push({
      name: m[2] as string,
      optional: Boolean(m[3]),
      type: (m[4] as string).trim(),
      // The comments before the member (blanked in `part`) are read from the original text.
      comment: original.slice(at, at + (m[1] as string).length),
    });
  }
  return out;
}

/** The string literals a key type names: `'a' | 'b'`, an alias of one, or `(typeof LIST)[number]`. */
function keysOf(
  type: string,
  aliases: Declarations['aliases'],
  consts: Map<string, string[]>,
  depth = 0,
): string[] {
  const t = type.trim();
  const list = /^\(\s*typeof\s+(\w+)\s*\)\s*\[\s*number\s*\]$/.exec(t);
  if (list) return consts.get(list[1] as string) ?? [];
  const alias = aliases.get(t);
  if (alias && depth < 10) return keysOf(alias.type, aliases, consts, depth + 1);
  return splitTop(t, '|').flatMap(({ part }) => {
    const literal = /^\s*['"]([^'"]*)['"]\s*$/.exec(part);
    return literal ? [literal[1] as string] : [];
  });
}

/**
 * The interfaces and type aliases a file declares (top level, exported or not). An interface's
 * `extends Record<Keys, Type>` adds a member of that type per key (`MembersTable`'s profile columns).
 */
export function declarations(original: string): Declarations {
  const blank = blankComments(original);
  const interfaces = new Map<string, Member[]>();
  const aliases = new Map<string, { params: string[]; type: string }>();
  for (const m of blank.matchAll(/^(?:export\s+)?type\s+(\w+)\s*(<[^=]*>)?\s*=/gm)) {
    const from = (m.index as number) + m[0].length;
    const [first] = splitTop(blank.slice(from), ';');
    const params = (m[2] ?? '')
      .replace(/^<|>$/g, '')
      .split(',')
      .map((p) => p.trim().split(/\s/)[0] as string)
      .filter(Boolean);
    aliases.set(m[1] as string, { params, type: (first?.part ?? '').trim() });
  }
  const consts = new Map<string, string[]>();
  for (const m of blank.matchAll(/^(?:export\s+)?const\s+(\w+)\s*=\s*\[([^\]]*)\]\s*as\s+const/gm)) {
    consts.set(
      m[1] as string,
      [...(m[2] as string).matchAll(/['"]([^'"]*)['"]/g)].map((x) => x[1] as string),
    );
  }
  for (const m of blank.matchAll(/^(?:export\s+)?interface\s+(\w+)([^{]*)\{/gm)) {
    const open = (m.index as number) + m[0].length - 1;
    const end = closing(blank, open);
    const inherited: Member[] = [];
    const heritage = /^\s*extends\s+([\s\S]*)$/.exec(m[2] as string)?.[1] ?? '';
    for (const { part } of splitTop(heritage, ',')) {
      const record = /^\s*Record\s*</.test(part) ? splitTop(part.trim().slice(7, -1), ',') : [];
      if (record.length !== 2) continue;
      const type = (record[1] as { part: string }).part.trim();
      for (const name of keysOf((record[0] as { part: string }).part, aliases, consts))
        inherited.push({ name, optional: false, type, comment: '' });
    }
    interfaces.set(m[1] as string, [...inherited, ...members(original, blank, open + 1, end - 1)]);
  }
  return { interfaces, aliases };
}

// --- Column types ---------------------------------------------------------------------------------

type Env = { aliases: Map<string, { params: string[]; type: string }>; bound: Map<string, string> };

const KNOWN: Record<string, ValueKind> = {
  string: 'string',
  number: 'number',
  boolean: 'boolean',
  true: 'boolean',
  false: 'boolean',
  Date: 'date',
  unknown: 'unknown',
  any: 'unknown',
};

function typeArguments(text: string): { head: string; args: string[] } | null {
  const m = /^([\w$.]+)\s*</.exec(text);
  if (!m) return null;
  const open = m[0].length - 1;
  const end = closing(text, open);
  if (text.slice(end).trim() !== '') return null;
  return {
    head: m[1] as string,
    args: splitTop(text.slice(open + 1, end - 1), ',').map((p) => p.part.trim()),
  };
}

/** What a type answers on select (kinds, null) and whether an insert may leave it out. */
export function shapeOf(type: string, env: Env, json = false): ColumnShape {
  const alternatives = splitTop(type.trim(), '|')
    .map((p) => p.part.trim())
    .filter(Boolean);
  if (alternatives.length > 1) {
    const shapes = alternatives.map((a) => shapeOf(a, env, json));
    return {
      kinds: [...new Set(shapes.flatMap((s) => s.kinds))],
      nullable: shapes.some((s) => s.nullable),
      insertOptional: shapes.some((s) => s.insertOptional),
    };
  }
  const t = alternatives[0] ?? 'never';
  const plain = (kind: ValueKind): ColumnShape => ({
    kinds: [json ? 'json' : kind],
    nullable: false,
    insertOptional: false,
  });
  if (t === 'null') return { kinds: [], nullable: true, insertOptional: false };
  if (t === 'undefined') return { kinds: [], nullable: false, insertOptional: true };
  if (t === 'never') return { kinds: [], nullable: false, insertOptional: false };
  if (t.startsWith('(') && closing(t, 0) === t.length) return shapeOf(t.slice(1, -1), env, json);
  if (/^['"`]/.test(t)) return plain('string');
  if (/^-?\d/.test(t)) return plain('number');
  if (t.startsWith('{')) return plain('json');
  if (t.endsWith('[]')) return plain(json ? 'json' : 'array');
  if (Object.hasOwn(KNOWN, t)) return plain(KNOWN[t] as ValueKind);
  const bound = env.bound.get(t);
  if (bound !== undefined) return shapeOf(bound, env, json);
  const generic = typeArguments(t);
  const head = generic?.head ?? t;
  const args = generic?.args ?? [];
  switch (head) {
    case 'ColumnType': {
      const select = shapeOf(args[0] ?? 'never', env, json);
      const insert = args[1] === undefined ? select : shapeOf(args[1], env, json);
      const neverInserted = (args[1] ?? '').trim() === 'never';
      return { ...select, insertOptional: neverInserted || insert.insertOptional };
    }
    case 'Generated':
    case 'GeneratedAlways':
      return { ...shapeOf(args[0] ?? 'never', env, json), insertOptional: true };
    case 'JSONColumnType': {
      const select = shapeOf(args[0] ?? 'never', env, true);
      const insert = args[1] === undefined ? { insertOptional: false } : shapeOf(args[1], env, true);
      return { kinds: ['json'], nullable: select.nullable, insertOptional: insert.insertOptional };
    }
    case 'Record':
    case 'Array':
    case 'ReadonlyArray':
      return plain(head === 'Record' || json ? 'json' : 'array');
  }
  const alias = env.aliases.get(head);
  if (alias) {
    const bound = new Map(env.bound);
    for (const [i, p] of alias.params.entries()) bound.set(p, args[i] ?? 'unknown');
    return shapeOf(alias.type, { aliases: env.aliases, bound }, json);
  }
  // A type imported from the contracts (a status, a channel): a string union.
  return plain('string');
}

/**
 * The tables of one row-types file: the members of its interfaces that `tablesInterface` names
 * (a `*SqlOnlyTables` interface declares tables without a row type), owned by `owner`.
 */
export function readTablesFile(
  root: string,
  file: string,
  tablesInterface: (name: string) => boolean,
  owner: string,
  common: Declarations['aliases'] = new Map(),
): RowTable[] {
  const tables: RowTable[] = [];
  const source = readFileSync(path.join(root, file), 'utf8');
  const { interfaces, aliases } = declarations(source);
  const env: Env = { aliases: new Map([...common, ...aliases]), bound: new Map() };
  for (const [name, list] of interfaces) {
    if (!tablesInterface(name)) continue;
    const sqlOnly = name.endsWith('SqlOnlyTables');
    for (const table of list) {
      const createdBy = /Created by migration (\w+)/.exec(table.comment)?.[1] ?? null;
      if (sqlOnly) {
        tables.push({ name: table.name, file, owner, createdBy, sqlOnly, columns: [] });
        continue;
      }
      const inline = table.type.startsWith('{');
      let columns: Member[];
      if (inline) {
        const blank = blankComments(table.type);
        columns = members(table.type, blank, 1, closing(blank, 0) - 1);
      } else {
        const found = interfaces.get(table.type);
        if (!found)
          throw new Error(
            `${file}: table ${table.name} has type ${table.type}, not an interface of the file`,
          );
        columns = found;
      }
      tables.push({
        name: table.name,
        file,
        owner,
        createdBy,
        sqlOnly,
        columns: columns.map((c) => {
          const shape = shapeOf(c.type, env);
          return {
            name: c.name,
            type: c.type,
            shape: { ...shape, insertOptional: shape.insertOptional || c.optional },
          };
        }),
      });
    }
  }
  return tables;
}

/** Every table of the `Database` type under `root`, with its owner, creating migration and columns. */
export function readRowTypes(root: string): RowTable[] {
  const files = tablesFiles(root);
  const units = unitFolders(files);
  const columnTypes = path.join(root, COLUMN_TYPES_FILE);
  const common: Declarations['aliases'] = existsSync(columnTypes)
    ? declarations(readFileSync(columnTypes, 'utf8')).aliases
    : new Map();
  const tables: RowTable[] = [];
  const read = (file: string, tablesInterface: (name: string) => boolean) =>
    tables.push(...readTablesFile(root, file, tablesInterface, ownerOfFile(file, units) as string, common));
  if (existsSync(path.join(root, SCHEMA_FILE)))
    read(SCHEMA_FILE, (name) => name === 'Database' || name === 'KernelSqlOnlyTables');
  for (const file of files) read(file, (name) => name.endsWith('Tables'));
  return tables.sort((a, b) => a.name.localeCompare(b.name));
}

/** Table name -> owning unit (`kernel` or a domain), from the row types under `root`. */
export function tableOwners(root: string): Map<string, string> {
  return new Map(readRowTypes(root).map((t) => [t.name, t.owner]));
}

/**
 * Table -> the migration (its file's name) whose `create table` makes it, over the migrations under
 * `srcDir` (default the API's).
 */
export function creatingMigrations(root: string, srcDir: string = API_SRC): Map<string, string> {
  const files = walk(path.join(root, srcDir), (name) => name.endsWith('.ts'), []).filter((file) =>
    /[\\/]migrations[\\/][^\\/]+\.ts$/.test(file),
  );
  const created = new Map<string, string>();
  for (const file of files.sort()) {
    const code = blankComments(readFileSync(file, 'utf8'));
    for (const m of code.matchAll(
      /\bcreate\s+(?:unlogged\s+)?table\s+(?:if\s+not\s+exists\s+)?"?([a-z_][a-z0-9_]*)/gi,
    )) {
      const table = (m[1] as string).toLowerCase();
      const migration = path.basename(file, '.ts');
      const before = created.get(table);
      if (before && before !== migration)
        throw new Error(`${table} is created by ${before} and ${migration}`);
      created.set(table, migration);
    }
  }
  return created;
}

/**
 * Every table whose `Created by migration` tag does not name the migration creating it (a table no
 * migration creates, such as Kysely's own, carries none), and every created table without a row type.
 */
export function createdByMismatches(
  root: string,
  tables: readonly RowTable[] = readRowTypes(root),
  srcDir: string = API_SRC,
): string[] {
  const created = creatingMigrations(root, srcDir);
  const out: string[] = [];
  for (const t of tables) {
    const actual = created.get(t.name) ?? null;
    if (t.createdBy !== actual)
      out.push(
        `${t.name} (${t.file}): tagged ${t.createdBy ?? 'with no migration'}, created by ${actual ?? 'no migration'}`,
      );
  }
  const declared = new Set(tables.map((t) => t.name));
  for (const [table, migration] of created) {
    if (!declared.has(table)) out.push(`${table}: created by ${migration}, declared in no row types`);
  }
  return out.sort();
}
