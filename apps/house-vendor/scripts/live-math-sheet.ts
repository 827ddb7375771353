/**
 * Writes docs/math/live-tables.md, the exact RTP of every bet of the live tables:
 *   npx node apps/house-vendor/scripts/live-math-sheet.ts
 * Baccarat enumerates the first six cards of the 8-deck shoe compositionally (well under a second).
 */
import { writeFileSync } from 'node:fs';
import { analyseLive } from '../src/live/math.ts';
import { renderLiveSheet } from '../src/live/sheet.ts';

const target = new URL('../docs/math/live-tables.md', import.meta.url);
writeFileSync(target, renderLiveSheet(analyseLive()));
console.info(`wrote ${target.pathname}`);
