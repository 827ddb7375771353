/**
 * Writes docs/math/<game>.md for every slot game from its data:
 *   npx node apps/house-vendor/scripts/math-sheet.ts
 * Each sheet enumerates every reel-stop combination, so a 5-reel game takes several seconds.
 */
import { writeFileSync } from 'node:fs';
import { compile } from '../src/slots/evaluator.ts';
import { GAMES } from '../src/slots/games/index.ts';
import { analyse } from '../src/slots/math.ts';
import { renderSheet } from '../src/slots/sheet.ts';

for (const def of GAMES) {
  const game = compile(def);
  const target = new URL(`../docs/math/${def.id}.md`, import.meta.url);
  writeFileSync(target, renderSheet(game, analyse(game)));
  console.info(`wrote ${target.pathname}`);
}
