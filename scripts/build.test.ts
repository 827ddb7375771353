import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type AppBuild, inputsFingerprint, rebuildReason, writeStamp } from './build.ts';
import { throwawayTrees } from './testing/tree.ts';

/** The build-skip decision of `npm start` (scripts/build.ts) on a throw-away repository tree. */
const tree = throwawayTrees('build-skip-');
const app: AppBuild = { name: 'member site', dir: 'apps/web', dist: 'apps/web/dist' };

function repository() {
  return tree({
    'apps/web/src/main.tsx': 'export const a = 1;\n',
    'apps/web/vite.config.ts': 'export default {};\n',
    'apps/backoffice/src/main.tsx': 'export const b = 1;\n',
    'packages/contracts/src/money.ts': 'export const m = 1;\n',
    'package-lock.json': '{"lockfileVersion":3}\n',
  });
}

/** A finished build of the app, stamped with its inputs' fingerprint as `npm start` leaves it. */
function built(base: string) {
  mkdirSync(join(base, app.dist), { recursive: true });
  writeFileSync(join(base, app.dist, 'index.html'), '<!doctype html>');
  writeStamp(base, app, inputsFingerprint(base, app));
}

describe('npm start rebuilds only what changed', () => {
  it('nothing changed since the last build: no rebuild', () => {
    const base = repository();
    built(base);
    expect(rebuildReason(base, app, inputsFingerprint(base, app))).toBeNull();
    // The build's own output and installed packages are no inputs.
    writeFileSync(join(base, app.dist, 'extra.js'), 'x');
    mkdirSync(join(base, 'apps/web/node_modules/x'), { recursive: true });
    writeFileSync(join(base, 'apps/web/node_modules/x/index.js'), 'y');
    expect(rebuildReason(base, app, inputsFingerprint(base, app))).toBeNull();
  });

  it('no build yet, or one made before stamps: a build', () => {
    const base = repository();
    expect(rebuildReason(base, app, inputsFingerprint(base, app))).toBe('no build yet');
    mkdirSync(join(base, app.dist), { recursive: true });
    writeFileSync(join(base, app.dist, 'index.html'), '<!doctype html>');
    expect(rebuildReason(base, app, inputsFingerprint(base, app))).toBe('built before build stamps');
  });

  it.each([
    ['a source of the app', 'apps/web/src/main.tsx'],
    ['a new file of the app', 'apps/web/src/new.ts'],
    ['a shared package', 'packages/contracts/src/money.ts'],
    ['the lockfile', 'package-lock.json'],
  ])('%s changed: a rebuild', (_what, file) => {
    const base = repository();
    built(base);
    writeFileSync(join(base, file), 'export const changed = 2;\n');
    expect(rebuildReason(base, app, inputsFingerprint(base, app))).toBe('sources changed');
  });

  it("another app's change leaves this build alone; a renamed file is a change", () => {
    const base = repository();
    built(base);
    writeFileSync(join(base, 'apps/backoffice/src/main.tsx'), 'export const b = 2;\n');
    expect(rebuildReason(base, app, inputsFingerprint(base, app))).toBeNull();
    rmSync(join(base, 'apps/web/src/main.tsx'));
    writeFileSync(join(base, 'apps/web/src/other.tsx'), 'export const a = 1;\n');
    expect(rebuildReason(base, app, inputsFingerprint(base, app))).toBe('sources changed');
  });
});
