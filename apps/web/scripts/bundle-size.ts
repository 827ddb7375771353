/**
 * Initial JavaScript per lazy page group, gzipped: the entry chunk plus the group's chunk plus
 * every chunk they import statically (what the browser must fetch before the page can render).
 * Usage: node scripts/bundle-size.ts [distDir]   (after `vite build`)
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

type Chunk = { file: string; isEntry?: boolean; imports?: string[]; src?: string };

const dist = resolve(process.argv[2] ?? join(import.meta.dirname, '..', 'dist'));
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
  string,
  Chunk
>;
const gz = (file: string) => gzipSync(readFileSync(join(dist, file))).length;

function closure(keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    closure(manifest[key]?.imports ?? [], seen);
  }
  return seen;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error('no entry chunk in the manifest');
const size = (keys: Set<string>) => [...keys].reduce((sum, key) => sum + gz(manifest[key]!.file), 0);

const rows: Array<[string, number]> = [['(entry only)', size(closure([entryKey]))]];
for (const key of Object.keys(manifest).filter(
  (k) => k.startsWith('src/app/routes/') && !k.includes('RouteError'),
)) {
  const group = key.replace('src/app/routes/', '').replace(/\.tsx$/, '');
  rows.push([group, size(closure([entryKey, key]))]);
}
for (const [group, bytes] of rows)
  process.stdout.write(`${group.padEnd(14)} ${bytes} B  (${(bytes / 1024).toFixed(1)} KiB)\n`);
