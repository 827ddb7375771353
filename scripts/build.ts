/**
 * The three Vite builds (the member web app, the back office, the house vendor's game pages), each
 * stamped with a fingerprint of what it was built from (`dist/.build-inputs`):
 * - `npm run build` (`node scripts/build.ts`) builds all three, with Vite's usual output;
 * - `npm start` (scripts/start.ts, `buildChanged`) rebuilds only an app whose inputs changed since
 *   its last build (or that has none), quietly: one line per app it rebuilds, Vite's output only
 *   when a build fails (issue 24: every start used to run the three builds and print about 770
 *   lines).
 * An app's inputs: every file of its folder (but `dist` and `node_modules`), of `packages/` (the
 * shared code it imports), the Vite helper in `scripts/`, the root TypeScript options and the
 * lockfile (dependency versions); the fingerprint is a SHA-256 over their paths and contents, so a
 * checkout that only touches modification times rebuilds nothing.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const root = join(import.meta.dirname, '..');

/** An app: its folder (where `vite build` runs) and its build's output folder, both from the root. */
export type AppBuild = { name: string; dir: string; dist: string };

export const APPS: readonly AppBuild[] = [
  { name: 'member site', dir: 'apps/web', dist: 'apps/web/dist' },
  { name: 'back office', dir: 'apps/backoffice', dist: 'apps/backoffice/dist' },
  { name: 'game pages', dir: 'apps/house-vendor', dist: 'apps/house-vendor/web/dist' },
];

/** What every app's build also reads, beside its own folder. */
const SHARED_INPUTS = ['packages', 'scripts/vite-locale-texts.ts', 'tsconfig.base.json', 'package-lock.json'];
const SKIPPED = new Set(['node_modules', 'dist', '.data', '.vite']);
const STAMP = '.build-inputs';

function filesUnder(base: string, path: string, out: string[]): void {
  const full = join(base, path);
  if (!existsSync(full)) return;
  if (statSync(full).isFile()) {
    out.push(path);
    return;
  }
  for (const entry of readdirSync(full, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    const child = path === '' ? entry.name : `${path}/${entry.name}`;
    if (entry.isDirectory()) filesUnder(base, child, out);
    else if (entry.isFile()) out.push(child);
  }
}

/** The fingerprint of an app's inputs under `base` (the repository root). */
export function inputsFingerprint(base: string, app: AppBuild): string {
  const files: string[] = [];
  for (const input of [app.dir, ...SHARED_INPUTS]) filesUnder(base, input, files);
  const hash = createHash('sha256');
  for (const file of files.sort()) {
    hash.update(`${file}\0`);
    hash.update(
      createHash('sha256')
        .update(readFileSync(join(base, file)))
        .digest(),
    );
  }
  return hash.digest('hex');
}

/**
 * Whether an app must be built: why (no build yet, inputs changed), or null when its build is
 * current (its `dist/index.html` exists and its stamp holds the inputs' fingerprint).
 */
export function rebuildReason(base: string, app: AppBuild, fingerprint: string): string | null {
  const dist = join(base, app.dist);
  if (!existsSync(join(dist, 'index.html'))) return 'no build yet';
  const stampFile = join(dist, STAMP);
  if (!existsSync(stampFile)) return 'built before build stamps';
  return readFileSync(stampFile, 'utf8').trim() === fingerprint ? null : 'sources changed';
}

/** Records what the app's current build was made from. */
export function writeStamp(base: string, app: AppBuild, fingerprint: string): void {
  writeFileSync(join(base, app.dist, STAMP), `${fingerprint}\n`);
}

/** Runs one app's `vite build`: its output passed through, or kept and shown only on failure. */
function viteBuild(app: AppBuild, quiet: boolean): Promise<void> {
  const vite = join(root, 'node_modules/vite/bin/vite.js');
  const args = [vite, 'build', ...(quiet ? ['--logLevel', 'warn'] : [])];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: join(root, app.dir),
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) return resolve();
      if (quiet) process.stderr.write(Buffer.concat(output));
      reject(new Error(`the ${app.name} build (${app.dir}) failed with exit code ${code}`));
    });
  });
}

/** `npm start`: builds only the apps whose inputs changed; answers the names of those it built. */
export async function buildChanged(): Promise<string[]> {
  const built: string[] = [];
  for (const app of APPS) {
    const fingerprint = inputsFingerprint(root, app);
    const reason = rebuildReason(root, app, fingerprint);
    if (reason === null) continue;
    process.stdout.write(`Building the ${app.name} (${reason})...\n`);
    await viteBuild(app, true);
    writeStamp(root, app, fingerprint);
    built.push(app.name);
  }
  return built;
}

/** `npm run build`: every app, with Vite's output. */
export async function buildAll(): Promise<void> {
  for (const app of APPS) {
    const fingerprint = inputsFingerprint(root, app);
    await viteBuild(app, false);
    writeStamp(root, app, fingerprint);
  }
}

if (import.meta.main) {
  await buildAll();
}
