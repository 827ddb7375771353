/**
 * `npm run boundaries` (part of `npm run check`): the import rules of the monorepo, checked on the
 * import graph of every TypeScript file under apps/, packages/, scripts/, e2e/ and bench/.
 *
 * - `domain-repository`: production code of apps/api/src/domains/X may not import another domain's
 *   `*.repository.ts` (it goes through that domain's service). Tests may (they arrange state).
 * - `domain-internals`: nor another domain's other internals: its routes (`*.routes.ts`), its module,
 *   its row types (`*.tables.ts`), its migrations and its SQL functions (`migrations/`, `sql/`,
 *   `*.sql.ts`). What a domain publishes is its services, guards, consumers and plain types.
 * - `feature-isolation`: apps/web/src/features/A and apps/backoffice/src/features/A may not import
 *   anything of another feature B (shared code lives in components/, lib/, hooks/; the app layer
 *   `src/app` may import features).
 * - `house-vendor-api`: apps/house-vendor may not import apps/api (it signs with packages/contracts).
 * - `package-apps`: a shared package (packages/*, for example @lotus/db-repeatable) may not import
 *   anything of apps/*: the apps depend on the packages, never the other way round.
 * - `no-cycle`: no import cycle anywhere, type-only imports included (a type cycle still ties two
 *   modules together; the shared type moves down into the kernel instead).
 * - `no-domain-cycle`: the API's domains, taken as wholes, import each other without a cycle (production
 *   code; the kernel folders db/, http/, lib/, jobs/ are not domains).
 * - `kernel-repository`: the kernel (apps/api/src outside domains/: app, server, db, http, lib, jobs,
 *   events...) imports no domain's `*.repository.ts`, type-only imports included; it calls services.
 *   Tests, the harness and the demo seed arrange state and may.
 * - `table-write`, `migration-ddl` (scripts/table-ownership.ts): a table is written, and defined by a
 *   migration, only by the unit whose row types declare it (`<domain>.tables.ts`, the kernel's
 *   db/schema.ts), in TypeScript (Kysely and sql`` templates) and in `.sql` files.
 *
 * The exceptions, each with its reason, are listed in scripts/boundaries.allow.json (rule, the file,
 * the tables or files it may reach); an exception that no longer matches anything is reported
 * (`stale-allowance`) so the list only shrinks.
 *
 * Its own small parser (TypeScript 7 has no JavaScript API and dependency-cruiser's parsers do not
 * read TSX): static `import`/`export ... from` statements at the start of a line, side-effect
 * imports and `import('...')` calls, after block and line comments are removed. Relative
 * specifiers and the workspace packages (`@lotus/*`, through their package.json exports) resolve to
 * files; anything else is an external package and not part of the graph.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ARRANGES_STATE, tableViolations } from './table-ownership.ts';

export type Violation = { rule: string; from: string; to: string; detail?: string };
export type Edge = { from: string; to: string; typeOnly: boolean };

const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'build', 'coverage', 'test-results', '.git', 'fixtures']);
const SCAN_ROOTS = ['apps', 'packages', 'scripts', 'e2e', 'bench'];

function walk(dir: string, out: string[]): void {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) walk(path.join(dir, entry.name), out);
    } else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      out.push(path.join(dir, entry.name));
    }
  }
}

/** The module specifiers a source file imports, each with whether only types come through it. */
export function parseImports(source: string): { specifier: string; typeOnly: boolean }[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found: { specifier: string; typeOnly: boolean }[] = [];
  const fromClause = /^[ \t]*(import|export)\s+(type\s+)?([\w\s{},*$]*?)\s*from\s*['"]([^'"\n]+)['"]/gm;
  for (const m of code.matchAll(fromClause)) {
    const clause = m[3] ?? '';
    const names = clause
      .replace(/[{}]/g, ',')
      .split(',')
      .map((s) => s.trim());
    const named = /^\s*\{[\s\S]*\}\s*$/.test(clause) && names.some((n) => n !== '');
    const allTypes = named && names.filter((n) => n !== '').every((n) => n.startsWith('type '));
    found.push({ specifier: m[4] as string, typeOnly: Boolean(m[2]) || allTypes });
  }
  for (const m of code.matchAll(/^[ \t]*import\s*['"]([^'"\n]+)['"]/gm)) {
    found.push({ specifier: m[1] as string, typeOnly: false });
  }
  for (const m of code.matchAll(/(typeof\s+)?\bimport\(\s*['"]([^'"\n]+)['"]\s*\)/g)) {
    found.push({ specifier: m[2] as string, typeOnly: Boolean(m[1]) });
  }
  return found;
}

type Workspace = { name: string; dir: string; exports: Record<string, string> };

function workspaces(root: string): Workspace[] {
  const result: Workspace[] = [];
  for (const parent of ['apps', 'packages']) {
    const dir = path.join(root, parent);
    if (!existsSync(dir)) continue;
    for (const child of readdirSync(dir)) {
      const manifest = path.join(dir, child, 'package.json');
      if (!existsSync(manifest)) continue;
      const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as {
        name?: string;
        exports?: string | Record<string, string>;
        main?: string;
      };
      if (!pkg.name) continue;
      const exports =
        typeof pkg.exports === 'string'
          ? { '.': pkg.exports }
          : (pkg.exports ?? (pkg.main ? { '.': pkg.main } : { '.': './src/index.ts' }));
      result.push({ name: pkg.name, dir: path.join(dir, child), exports });
    }
  }
  return result;
}

function resolveFile(candidate: string): string | null {
  const tries = [candidate];
  if (/\.(js|mjs|jsx)$/.test(candidate)) tries.push(candidate.replace(/\.(m?)js(x?)$/, '.$1ts$2'));
  for (const ext of ['.ts', '.tsx', '.js', '.mjs']) tries.push(candidate + ext);
  for (const ext of ['.ts', '.tsx', '.js']) tries.push(path.join(candidate, `index${ext}`));
  for (const file of tries) {
    if (existsSync(file) && statSync(file).isFile()) return file;
  }
  return null;
}

function resolveSpecifier(specifier: string, fromFile: string, spaces: Workspace[]): string | null {
  if (specifier.startsWith('.')) return resolveFile(path.resolve(path.dirname(fromFile), specifier));
  const space = spaces.find((w) => specifier === w.name || specifier.startsWith(`${w.name}/`));
  if (!space) return null;
  const sub = specifier === space.name ? '.' : `.${specifier.slice(space.name.length)}`;
  for (const [key, target] of Object.entries(space.exports)) {
    if (key === sub) return resolveFile(path.join(space.dir, target));
    const star = key.indexOf('*');
    if (star >= 0 && sub.startsWith(key.slice(0, star)) && sub.endsWith(key.slice(star + 1))) {
      const part = sub.slice(star, sub.length - (key.length - star - 1));
      return resolveFile(path.join(space.dir, target.replace('*', part)));
    }
  }
  return resolveFile(path.join(space.dir, sub));
}

/** Every import edge between files of the repository under `root` (paths relative to root, with /). */
export function importGraph(root: string): { files: string[]; edges: Edge[] } {
  const files: string[] = [];
  for (const dir of SCAN_ROOTS) walk(path.join(root, dir), files);
  const spaces = workspaces(root);
  const rel = (file: string) => path.relative(root, file).split(path.sep).join('/');
  const edges: Edge[] = [];
  for (const file of files) {
    for (const { specifier, typeOnly } of parseImports(readFileSync(file, 'utf8'))) {
      const target = resolveSpecifier(specifier, file, spaces);
      if (target) edges.push({ from: rel(file), to: rel(target), typeOnly });
    }
  }
  return { files: files.map(rel), edges };
}

const DOMAIN = /^apps\/api\/src\/domains\/([^/]+)\//;
const FEATURE = /^apps\/(web|backoffice)\/src\/features\/([^/]+)\//;
const TEST_FILE = /\.test\.tsx?$/;
const DOMAIN_INTERNAL = /(\.routes\.ts|\.module\.ts|\.tables\.ts|\.sql\.ts)$|\/(migrations|sql)\//;

function ruleViolations(edges: Edge[]): Violation[] {
  const out: Violation[] = [];
  for (const { from, to } of edges) {
    const fromDomain = DOMAIN.exec(from)?.[1];
    const toDomain = DOMAIN.exec(to)?.[1];
    if (
      fromDomain &&
      toDomain &&
      fromDomain !== toDomain &&
      to.endsWith('.repository.ts') &&
      !TEST_FILE.test(from)
    ) {
      out.push({
        rule: 'domain-repository',
        from,
        to,
        detail: `use the ${toDomain} service, not its repository`,
      });
    } else if (
      fromDomain &&
      toDomain &&
      fromDomain !== toDomain &&
      DOMAIN_INTERNAL.test(to) &&
      !TEST_FILE.test(from)
    ) {
      out.push({
        rule: 'domain-internals',
        from,
        to,
        detail: `use what the ${toDomain} domain publishes (its services, guards and types)`,
      });
    }
    const fromFeature = FEATURE.exec(from);
    const toFeature = FEATURE.exec(to);
    if (fromFeature && toFeature && fromFeature[1] === toFeature[1] && fromFeature[2] !== toFeature[2]) {
      out.push({
        rule: 'feature-isolation',
        from,
        to,
        detail: 'move the shared part to components/, lib/ or hooks/',
      });
    }
    if (
      from.startsWith('apps/api/src/') &&
      !fromDomain &&
      toDomain &&
      to.endsWith('.repository.ts') &&
      !ARRANGES_STATE.test(from)
    ) {
      out.push({
        rule: 'kernel-repository',
        from,
        to,
        detail: `the kernel uses the ${toDomain} service, not its repository`,
      });
    }
    if (from.startsWith('apps/house-vendor/') && to.startsWith('apps/api/')) {
      out.push({
        rule: 'house-vendor-api',
        from,
        to,
        detail: 'the house vendor uses the shared packages (packages/*) only',
      });
    }
    if (from.startsWith('packages/') && to.startsWith('apps/')) {
      out.push({
        rule: 'package-apps',
        from,
        to,
        detail: 'a shared package may not depend on an app; move the shared part into the package',
      });
    }
  }
  return out;
}

/** One cycle per strongly connected component of more than one file (or a file importing itself). */
export function findCycles(files: string[], edges: Edge[]): string[][] {
  const next = new Map<string, string[]>(files.map((f) => [f, []]));
  for (const { from, to } of edges) next.get(from)?.push(to);
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  // Iterative Tarjan (the graph is deep enough to matter for recursion on long chains).
  for (const start of files) {
    if (index.has(start)) continue;
    const work: { node: string; i: number }[] = [{ node: start, i: 0 }];
    index.set(start, counter);
    low.set(start, counter);
    counter += 1;
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1] as { node: string; i: number };
      const targets = next.get(frame.node) ?? [];
      if (frame.i < targets.length) {
        const target = targets[frame.i] as string;
        frame.i += 1;
        if (!next.has(target)) continue;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter);
          counter += 1;
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, i: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node) as number, index.get(target) as number));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent)
        low.set(parent.node, Math.min(low.get(parent.node) as number, low.get(frame.node) as number));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string | undefined;
        do {
          member = stack.pop() as string;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        const selfLoop = component.length === 1 && targets.includes(frame.node);
        if (component.length > 1 || selfLoop) components.push(component);
      }
    }
  }
  return components.map((component) => cyclePath(component, next));
}

/** A concrete cycle through the component's first file (breadth-first back to it). */
function cyclePath(component: string[], next: Map<string, string[]>): string[] {
  const inside = new Set(component);
  const start = [...component].sort()[0] as string;
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift() as string;
    for (const target of next.get(node) ?? []) {
      if (!inside.has(target)) continue;
      if (target === start) {
        const path = [start];
        for (let at = node; at !== start; at = previous.get(at) as string) path.splice(1, 0, at);
        return [...path, start];
      }
      if (!previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return [start, start];
}

/** Every violation of the rules in the repository under `root`. */
export function checkBoundaries(root: string): Violation[] {
  const { files, edges } = importGraph(root);
  const cycles = findCycles(files, edges).map((cycle) => ({
    rule: 'no-cycle',
    from: cycle[0] as string,
    to: cycle[1] as string,
    detail: cycle.join(' -> '),
  }));
  // Domains as a whole: a file cycle is caught above, this catches accounts -> sessions -> accounts
  // through different files. Tests are left out (they may arrange state through any domain).
  const domainEdges = edges.flatMap(({ from, to, typeOnly }) => {
    const a = DOMAIN.exec(from)?.[1];
    const b = DOMAIN.exec(to)?.[1];
    return a && b && a !== b && !TEST_FILE.test(from) ? [{ from: a, to: b, typeOnly }] : [];
  });
  const domains = [...new Set(domainEdges.flatMap((e) => [e.from, e.to]))].sort();
  for (const cycle of findCycles(domains, domainEdges)) {
    cycles.push({
      rule: 'no-domain-cycle',
      from: cycle[0] as string,
      to: cycle[1] as string,
      detail: cycle.join(' -> '),
    });
  }
  const key = (v: Violation) => `${v.rule} ${v.from} ${v.to}`;
  const found = [...ruleViolations(edges), ...cycles, ...tableViolations(root)];
  return allowed(found, readAllowances(root)).sort((x, y) => key(x).localeCompare(key(y)));
}

/** An exception to a rule: `from` (a file) may reach each of `to` (tables, or files), for `reason`. */
export type Allowance = { rule: string; from: string; to: string[]; reason: string };
export const ALLOWANCES_FILE = 'scripts/boundaries.allow.json';

/** The tree's exceptions (none when it has no scripts/boundaries.allow.json); each must give its reason. */
export function readAllowances(root: string): Allowance[] {
  const file = path.join(root, ALLOWANCES_FILE);
  if (!existsSync(file)) return [];
  const list = JSON.parse(readFileSync(file, 'utf8')) as Allowance[];
  for (const a of list) {
    if (!a.rule || !a.from || !Array.isArray(a.to) || a.to.length === 0 || !a.reason?.trim())
      throw new Error(
        `${ALLOWANCES_FILE}: every exception names its rule, from, to and reason (${JSON.stringify(a)})`,
      );
  }
  return list;
}

/** The violations no exception covers, and every exception that covers nothing (`stale-allowance`). */
export function allowed(violations: Violation[], allowances: readonly Allowance[]): Violation[] {
  const used = new Set<string>();
  const left = violations.filter((v) => {
    const a = allowances.find((x) => x.rule === v.rule && x.from === v.from && x.to.includes(v.to));
    if (a) used.add(`${a.rule} ${a.from} ${v.to}`);
    return !a;
  });
  for (const a of allowances) {
    for (const to of a.to) {
      if (used.has(`${a.rule} ${a.from} ${to}`)) continue;
      left.push({
        rule: 'stale-allowance',
        from: ALLOWANCES_FILE,
        to: `${a.rule} ${a.from} -> ${to}`,
        detail: 'nothing matches this exception any more: remove it',
      });
    }
  }
  return left;
}

if (import.meta.main) {
  const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..'));
  const violations = checkBoundaries(root);
  for (const v of violations) {
    process.stderr.write(`${v.rule}: ${v.from} -> ${v.to}${v.detail ? ` (${v.detail})` : ''}\n`);
  }
  if (violations.length > 0) {
    process.stderr.write(`\n${violations.length} boundary violation(s)\n`);
    process.exit(1);
  }
  process.stdout.write('boundaries: no violations\n');
}
