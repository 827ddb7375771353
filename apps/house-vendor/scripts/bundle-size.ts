import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The compressed JavaScript a game page downloads, from the build's manifest (run after
 * `npm run build -w @lotus/house-vendor`): `npx node apps/house-vendor/scripts/bundle-size.ts`.
 *
 * - initial: the HTML's entry and its static imports (what loads before any code decides anything);
 * - game page: plus the game page chunk, the reels (PixiJS) module and the WebGL renderer PixiJS
 *   picks on a phone, each with its static imports: everything a slot needs before its first spin
 *   (howler loads later, on the first sound);
 * - verify page: the entry plus the verification page chunk.
 * Sizes are the brotli and gzip files the server sends (vite-plugin-compression2).
 */

type Chunk = { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean; src?: string };

const dist = path.resolve(import.meta.dirname, '../web/dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  Chunk
>;

function closure(keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`no chunk ${key}`);
    seen.add(key);
    for (const next of chunk.imports ?? []) visit(next);
  };
  for (const key of keys) visit(key);
  return seen;
}

function bytes(file: string, suffix: '' | '.br' | '.gz'): number {
  const full = path.join(dist, `${file}${suffix}`);
  return existsSync(full) ? statSync(full).size : statSync(path.join(dist, file)).size;
}

function total(keys: Set<string>) {
  const files = [...keys].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
  const sum = (suffix: '' | '.br' | '.gz') => files.reduce((n, file) => n + bytes(file, suffix), 0);
  return { files: files.length, raw: sum(''), brotli: sum('.br'), gzip: sum('.gz') };
}

const find = (suffix: string) => {
  const key = Object.keys(manifest).find((k) => k.endsWith(suffix));
  if (!key) throw new Error(`no chunk ending in ${suffix}`);
  return key;
};

const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
if (!entry) throw new Error('no entry in the manifest');
const rows = {
  initial: total(closure([entry])),
  'game page (to first spin)': total(
    closure([
      entry,
      find('src/game/GamePage.tsx'),
      find('src/game/reels.ts'),
      find('environment-browser/browserAll.mjs'),
      find('renderers/gl/WebGLRenderer.mjs'),
    ]),
  ),
  'verify page': total(closure([entry, find('src/verify/VerifyPage.tsx')])),
};
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
process.stdout.write('| page | JS files | raw | brotli | gzip |\n|---|---|---|---|---|\n');
for (const [name, row] of Object.entries(rows)) {
  process.stdout.write(`| ${name} | ${row.files} | ${kb(row.raw)} | ${kb(row.brotli)} | ${kb(row.gzip)} |\n`);
}
