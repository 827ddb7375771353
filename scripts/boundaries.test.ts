import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkBoundaries, parseImports } from './boundaries.ts';
import { throwawayTrees } from './testing/tree.ts';

const repoRoot = path.join(import.meta.dirname, '..');
const tree = throwawayTrees('boundaries-');

const rules = (root: string) => checkBoundaries(root).map((v) => `${v.rule} ${v.from} -> ${v.to}`);

describe('the boundaries checker', () => {
  it('passes on the real repository', () => {
    expect(checkBoundaries(repoRoot)).toEqual([]);
  });

  it("refuses a domain importing another domain's repository, not its service nor its own", () => {
    const root = tree({
      'apps/api/src/domains/wallet/ledger.repository.ts': 'export const a = 1;\n',
      'apps/api/src/domains/wallet/ledger.service.ts': "export { a } from './ledger.repository.ts';\n",
      'apps/api/src/domains/deposits/deposit.service.ts':
        "import { a } from '../wallet/ledger.service.ts';\nimport type {\n  b,\n} from '../wallet/ledger.repository.ts';\n",
      'apps/api/src/domains/deposits/deposit.test.ts':
        "import { a } from '../wallet/ledger.repository.ts';\n",
    });
    expect(rules(root)).toEqual([
      'domain-repository apps/api/src/domains/deposits/deposit.service.ts -> apps/api/src/domains/wallet/ledger.repository.ts',
    ]);
  });

  it("refuses a domain importing another domain's routes, module, row types, migrations or SQL", () => {
    const root = tree({
      'apps/api/src/domains/wallet/wallet.routes.ts': 'export const r = 1;\n',
      'apps/api/src/domains/wallet/wallet.module.ts': 'export const m = 1;\n',
      'apps/api/src/domains/wallet/wallet.tables.ts': 'export type T = 1;\n',
      'apps/api/src/domains/wallet/migrations/0003_ledger.ts': 'export const up = 1;\n',
      'apps/api/src/domains/wallet/ledger.service.ts': 'export const s = 1;\n',
      'apps/api/src/domains/deposits/deposit.service.ts': [
        "import { r } from '../wallet/wallet.routes.ts';",
        "import { m } from '../wallet/wallet.module.ts';",
        "import type { T } from '../wallet/wallet.tables.ts';",
        "import { up } from '../wallet/migrations/0003_ledger.ts';",
        "import { s } from '../wallet/ledger.service.ts';",
        '',
      ].join('\n'),
    });
    expect(rules(root)).toEqual([
      'domain-internals apps/api/src/domains/deposits/deposit.service.ts -> apps/api/src/domains/wallet/migrations/0003_ledger.ts',
      'domain-internals apps/api/src/domains/deposits/deposit.service.ts -> apps/api/src/domains/wallet/wallet.module.ts',
      'domain-internals apps/api/src/domains/deposits/deposit.service.ts -> apps/api/src/domains/wallet/wallet.routes.ts',
      'domain-internals apps/api/src/domains/deposits/deposit.service.ts -> apps/api/src/domains/wallet/wallet.tables.ts',
    ]);
  });

  it('refuses a feature importing another feature, in the web app and the back office', () => {
    const root = tree({
      'apps/web/src/features/system/api/status.ts': 'export const s = 1;\n',
      'apps/web/src/features/announcements/Banner.tsx':
        "import { s } from '../system/api/status.ts';\nexport const B = () => <div>{s}</div>;\n",
      'apps/web/src/app/Layout.tsx': "import { s } from '../features/system/api/status.ts';\n",
      'apps/backoffice/src/features/members/MembersPage.tsx': "import X from '../vendors/VendorsPage.tsx';\n",
      'apps/backoffice/src/features/vendors/VendorsPage.tsx': 'export default 1;\n',
    });
    expect(rules(root)).toEqual([
      'feature-isolation apps/backoffice/src/features/members/MembersPage.tsx -> apps/backoffice/src/features/vendors/VendorsPage.tsx',
      'feature-isolation apps/web/src/features/announcements/Banner.tsx -> apps/web/src/features/system/api/status.ts',
    ]);
  });

  it('refuses the house vendor importing the API, by path or by package name', () => {
    const root = tree({
      'apps/api/package.json': JSON.stringify({ name: '@lotus/api', exports: { './*': './src/*.ts' } }),
      'apps/api/src/app.ts': 'export const app = 1;\n',
      'packages/contracts/package.json': JSON.stringify({
        name: '@lotus/contracts',
        exports: { './*': './src/*.ts' },
      }),
      'packages/contracts/src/signature.ts': 'export const sign = 1;\n',
      'apps/house-vendor/src/client.ts':
        "import { sign } from '@lotus/contracts/signature';\nimport { app } from '../../api/src/app.ts';\n",
      'apps/house-vendor/src/server.ts': "const m = await import('@lotus/api/app');\n",
    });
    expect(rules(root)).toEqual([
      'house-vendor-api apps/house-vendor/src/client.ts -> apps/api/src/app.ts',
      'house-vendor-api apps/house-vendor/src/server.ts -> apps/api/src/app.ts',
    ]);
  });

  it('refuses a shared package importing an app, by path or by package name', () => {
    const root = tree({
      'apps/api/package.json': JSON.stringify({ name: '@lotus/api', exports: { './*': './src/*.ts' } }),
      'apps/api/src/lib/hashing.ts': 'export const sha = 1;\n',
      'apps/api/src/db/migrator.ts': "import { apply } from '@lotus/db-repeatable';\n",
      'packages/db-repeatable/package.json': JSON.stringify({
        name: '@lotus/db-repeatable',
        exports: { '.': './src/index.ts' },
      }),
      'packages/db-repeatable/src/index.ts':
        "import { sha } from '../../../apps/api/src/lib/hashing.ts';\nexport const apply = sha;\n",
      'packages/db-repeatable/src/lazy.ts': "const m = await import('@lotus/api/lib/hashing');\n",
    });
    expect(rules(root)).toEqual([
      'package-apps packages/db-repeatable/src/index.ts -> apps/api/src/lib/hashing.ts',
      'package-apps packages/db-repeatable/src/lazy.ts -> apps/api/src/lib/hashing.ts',
    ]);
  });

  it('refuses a cycle, type-only imports included, and names its path', () => {
    const root = tree({
      'apps/api/src/a.ts': "import type { B } from './b.ts';\nexport type A = { b: B };\n",
      'apps/api/src/b.ts': "import { c } from './c.ts';\nexport type B = number;\n",
      'apps/api/src/c.ts': "import type { A } from './a.ts';\nexport const c = 1;\n",
      'apps/api/src/d.ts': "import { c } from './c.ts';\n",
    });
    const violations = checkBoundaries(root);
    expect(violations).toHaveLength(1);
    expect(violations[0]?.rule).toBe('no-cycle');
    expect(violations[0]?.detail).toBe(
      'apps/api/src/a.ts -> apps/api/src/b.ts -> apps/api/src/c.ts -> apps/api/src/a.ts',
    );
  });

  it('refuses two domains importing each other through different files', () => {
    const root = tree({
      'apps/api/src/domains/accounts/member.service.ts':
        "import { end } from '../sessions/session.service.ts';\n",
      'apps/api/src/domains/accounts/member.ts': 'export type Member = {};\n',
      'apps/api/src/domains/sessions/session.service.ts':
        "import type { Member } from '../accounts/member.ts';\nexport const end = 1;\n",
      'apps/api/src/domains/sessions/session.test.ts': "import { x } from '../wallet/wallet.service.ts';\n",
      'apps/api/src/domains/wallet/wallet.service.ts':
        "import { end } from '../sessions/session.service.ts';\n",
    });
    expect(checkBoundaries(root).map((v) => `${v.rule} ${v.detail}`)).toEqual([
      'no-domain-cycle accounts -> sessions -> accounts',
    ]);
  });

  it('exits non-zero with the rule name from the command line', () => {
    const root = tree({
      'apps/api/src/domains/a/a.repository.ts': 'export const a = 1;\n',
      'apps/api/src/domains/b/b.service.ts': "import { a } from '../a/a.repository.ts';\n",
    });
    const run = spawnSync(process.execPath, [path.join(import.meta.dirname, 'boundaries.ts'), root], {
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('domain-repository: apps/api/src/domains/b/b.service.ts');
  });

  it('reads imports past comments and marks type-only ones', () => {
    const found = parseImports(
      [
        '// import { x } from "./commented.ts";',
        '/* import { y } from "./blocked.ts"; */',
        "import { type A, type B } from './types.ts';",
        "import { type C, d } from './mixed.ts';",
        "export * from './all.ts';",
        "import './side-effect.ts';",
        "type T = typeof import('./typeof.ts');",
      ].join('\n'),
    );
    expect(found).toEqual([
      { specifier: './types.ts', typeOnly: true },
      { specifier: './mixed.ts', typeOnly: false },
      { specifier: './all.ts', typeOnly: false },
      { specifier: './side-effect.ts', typeOnly: false },
      { specifier: './typeof.ts', typeOnly: true },
    ]);
  });
});
