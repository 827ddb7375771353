import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GAMES } from '../../../src/slots/games/index.ts';
import { GAME_RTP } from './rtp.ts';

describe('the RTP the rules screen shows', () => {
  it.each(GAMES.map((game) => game.id))('%s matches its math sheet to two decimals', (id) => {
    const sheet = readFileSync(path.resolve(import.meta.dirname, `../../../docs/math/${id}.md`), 'utf8');
    const exact = /^\| RTP \| ([0-9.]+) % \|$/m.exec(sheet)?.[1];
    expect(exact).toBeDefined();
    expect(GAME_RTP[id]).toBe(`${Number(exact).toFixed(2)}%`);
  });
});
