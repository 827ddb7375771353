import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { collectLedgerKinds, LEDGER_KINDS } from './ledger-kinds.ts';
import { FACTS_OF, LEDGER_MEANINGS } from './money-facts.ts';

/**
 * Every journal entry kind the code can write is declared by a module (docs/money-facts.md), read
 * statically from the sources: the TypeScript objects handed to the wallet's posting primitives (an
 * object literal with a `kind` and a `reference` beside a key, legs or accounts) and the PL/pgSQL
 * functions (`seamless_post(...)` calls and inserts into journal_entries). The replay test
 * (replay.test.ts) checks the same of a journal the writers really wrote.
 */

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function files(dir: string, ext: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'migrations') files(full, ext, out);
    } else if (entry.name.endsWith(ext) && !entry.name.includes('.test.')) out.push(full);
  }
  return out;
}

/** The object literal around `at`: [start, end) of its braces, or null. */
function enclosingObject(source: string, at: number): [number, number] | null {
  let depth = 0;
  let start = -1;
  for (let i = at; i >= 0; i -= 1) {
    const c = source[i];
    if (c === '}') depth += 1;
    else if (c === '{') {
      if (depth === 0) {
        start = i;
        break;
      }
      depth -= 1;
    }
  }
  if (start < 0) return null;
  depth = 0;
  for (let i = start; i < source.length; i += 1) {
    const c = source[i];
    if (c === '{') depth += 1;
    else if (c === '}') {
      depth -= 1;
      if (depth === 0) return [start, i + 1];
    }
  }
  return null;
}

/** The object's own text, nested objects and arrays blanked out. */
function topLevel(object: string): string {
  let depth = 0;
  let out = '';
  for (const c of object.slice(1, -1)) {
    if (c === '{' || c === '[' || c === '(') depth += 1;
    if (depth === 0) out += c;
    if (c === '}' || c === ']' || c === ')') depth -= 1;
  }
  return out;
}

const OTHER_LEDGERS = /\bpostPoints\(\s*\w+\s*,\s*$/;

/**
 * The posting primitives themselves forward the kind their callers chose (the callers are
 * scanned), and the points' own ledger (points_entries) is apart from the journal.
 */
const FORWARDERS = new Set([
  'domains/wallet/ledger.service.ts',
  'domains/wallet/ledger.repository.ts',
  'domains/points/points-ledger.repository.ts',
]);

export type Written =
  | { file: string; kind: string }
  | { file: string; prefix: string; variable: string }
  | { file: string; dynamic: true };

/** The journal kinds a TypeScript source writes: literal, template prefix, or dynamic (a variable). */
export function kindsWrittenTs(file: string, source: string): Written[] {
  const out: Written[] = [];
  for (const m of source.matchAll(/\bkind(\s*:\s*(`[^`\n]*`|[^,\n}]+))?\s*[,\n}]/g)) {
    const value = (m[2] ?? '').trim();
    // A type's member (`kind: string;`, `kind: 'a' | 'b';`) is no write.
    if (value.includes(';') || value.includes('|')) continue;
    const range = enclosingObject(source, m.index);
    if (!range) continue;
    // The points' own ledger (points_entries) is apart from the journal.
    if (OTHER_LEDGERS.test(source.slice(Math.max(0, range[0] - 60), range[0]))) continue;
    const own = topLevel(source.slice(...range));
    if (!/\breference\s*:/.test(own) || !/\b(idempotencyKey|key|legs|from)\b\s*[:,]/.test(own)) continue;
    const literal = /^'([a-z0-9_]+)'(\s+as\s+const)?$/.exec(value);
    const template = /^`([a-z0-9_]+)\$\{(\w+)\}`$/.exec(value);
    if (literal) out.push({ file, kind: literal[1] as string });
    else if (template) out.push({ file, prefix: template[1] as string, variable: template[2] as string });
    else out.push({ file, dynamic: true });
  }
  return out;
}

/** The literals a file names for `name` in `name: 'a' | 'b'` type annotations (one line, or one member a line). */
export function annotatedKinds(source: string, name = 'kind'): string[] {
  const out: string[] = [];
  const annotation = new RegExp(
    `\\b${name}\\??\\s*:\\s*(?:\\|\\s*)?('[a-z0-9_]+'(\\s*\\|\\s*'[a-z0-9_]+')+)`,
    'g',
  );
  for (const m of source.matchAll(annotation))
    for (const lit of (m[1] as string).matchAll(/'([a-z0-9_]+)'/g)) out.push(lit[1] as string);
  return out;
}

/** The journal kinds a PL/pgSQL source writes: `seamless_post(...)` calls and journal inserts. */
export function kindsWrittenSql(source: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(/\bseamless_post\(([^;]*?)'([a-z0-9_]+)'/g)) out.push(m[2] as string);
  for (const m of source.matchAll(
    /insert\s+into\s+journal_entries\s*\([^)]*\)\s*values\s*\(\s*\w+\s*,\s*'([a-z0-9_]+)'/gi,
  ))
    out.push(m[1] as string);
  return out;
}

function undeclared(
  written: readonly Written[],
  declared: ReadonlySet<string>,
  sourceOf: (f: string) => string,
) {
  const problems: string[] = [];
  for (const w of written) {
    if ('kind' in w && !declared.has(w.kind)) problems.push(`${w.file}: ${w.kind}`);
    if ('prefix' in w) {
      const parts = annotatedKinds(sourceOf(w.file), w.variable);
      if (parts.length === 0) problems.push(`${w.file}: ${w.prefix}\${${w.variable}} (annotate its type)`);
      for (const part of parts)
        if (!declared.has(w.prefix + part)) problems.push(`${w.file}: ${w.prefix}${part}`);
    }
    if ('dynamic' in w) {
      const named = annotatedKinds(sourceOf(w.file));
      if (named.length === 0) problems.push(`${w.file}: a kind the scan cannot read (annotate its type)`);
      for (const k of named) if (!declared.has(k)) problems.push(`${w.file}: ${k}`);
    }
  }
  return problems;
}

describe('journal entry kinds', () => {
  it('are each declared once, by the module that posts them, with a meaning of the vocabulary', () => {
    expect(LEDGER_KINDS.size).toBeGreaterThan(20);
    for (const [kind, declared] of LEDGER_KINDS) {
      expect(LEDGER_MEANINGS, kind).toContain(declared.means);
      expect(declared.description.length, kind).toBeGreaterThan(10);
      if (FACTS_OF[declared.means].includes('stake_placed')) expect(declared.category, kind).toBeDefined();
    }
    expect(() =>
      collectLedgerKinds([
        {
          name: 'a',
          ledgerKinds: { x_win: { means: 'win_paid', product: 'lottery', description: 'a win paid' } },
        },
        {
          name: 'b',
          ledgerKinds: { x_win: { means: 'win_paid', product: 'lottery', description: 'a win paid' } },
        },
      ]),
    ).toThrow('journal kind x_win declared by a and b');
    expect(() =>
      collectLedgerKinds([
        { name: 'a', ledgerKinds: { x_bet: { means: 'stake_placed', description: 'a stake' } } },
      ]),
    ).toThrow('declare its product');
  });

  it('written anywhere in the code (TypeScript and SQL) are all declared', () => {
    const declared = new Set(LEDGER_KINDS.keys());
    const sources = new Map<string, string>();
    const read = (f: string) => {
      const cached = sources.get(f);
      if (cached !== undefined) return cached;
      const text = readFileSync(f, 'utf8');
      sources.set(f, text);
      return text;
    };
    const ts = files(SRC, '.ts')
      .filter((f) => !FORWARDERS.has(path.relative(SRC, f).split(path.sep).join('/')))
      .flatMap((f) => kindsWrittenTs(f, read(f)));
    const sql = files(path.join(SRC, 'domains'), '.sql').flatMap((f) => kindsWrittenSql(read(f)));
    // The scan finds the writers it must (so a broken scan cannot pass silently).
    const found = new Set([
      ...ts.flatMap((w) => ('kind' in w ? [w.kind] : 'prefix' in w ? [`${w.prefix}*`] : [])),
      ...sql,
    ]);
    for (const k of [
      'deposit',
      'lottery_bet',
      'adjustment',
      'withdrawal_*',
      'seamless_bet',
      'seamless_rollback',
    ])
      expect(found, k).toContain(k);
    expect(ts.some((w) => 'dynamic' in w)).toBe(true);
    expect(undeclared(ts, declared, read)).toEqual([]);
    expect(sql.filter((k) => !declared.has(k))).toEqual([]);
  });

  it('the scan reports a kind posted without a declaration (TypeScript and SQL)', () => {
    const declared = new Set(LEDGER_KINDS.keys());
    const planted = `await postEntry(trx, {
      brandId: brand.id,
      kind: 'fish_shot',
      idempotencyKey: key,
      reference: 'fish:1',
      legs: [{ account: wallet, amount: -1n }, { account: house, amount: 1n }],
    });`;
    expect(undeclared(kindsWrittenTs('planted.ts', planted), declared, () => planted)).toEqual([
      'planted.ts: fish_shot',
    ]);
    const dollar = '$';
    const template = [
      "function post(outcome: 'pot' | 'rake') {",
      `  return postEntry(trx, { kind: \`pvp_${dollar}{outcome}\`, idempotencyKey: k, reference: r, legs });`,
      '}',
    ].join('\n');
    expect(undeclared(kindsWrittenTs('t.ts', template), declared, () => template)).toEqual([
      't.ts: pvp_pot',
      't.ts: pvp_rake',
    ]);
    const dynamic = `postEntry(trx, { kind: pick(), key, reference: 'r', legs })`;
    expect(undeclared(kindsWrittenTs('d.ts', dynamic), declared, () => dynamic)).toEqual([
      'd.ts: a kind the scan cannot read (annotate its type)',
    ]);
    const annotated = [
      'type Move = {',
      '  kind:',
      "    | 'seamless_bet'",
      "    | 'pvp_buy_in';",
      '};',
      'postEntry(trx, { kind: move.kind, key, reference: r, legs });',
    ].join('\n');
    expect(undeclared(kindsWrittenTs('m.ts', annotated), declared, () => annotated)).toEqual([
      'm.ts: pvp_buy_in',
    ]);
    const plpgsql = `select o_ok from seamless_post(p_brand, p_vendor, p_code, p_tx, p_hash, 'seamless_pvp_pot',
      p_currency, v_wallet, v_house, p_amount, 0);
      insert into journal_entries (brand_id, kind, idempotency_key) values (p_brand, 'pvp_rake', 'k');`;
    expect(kindsWrittenSql(plpgsql).filter((k) => !declared.has(k))).toEqual([
      'seamless_pvp_pot',
      'pvp_rake',
    ]);
  });
});
