import type { GameDef } from '../types.ts';
import { FIVE_LINES } from './lines.ts';

/**
 * Lucky Sevens: a 3x3 classic with 5 fixed lines (three rows, two diagonals), no wild. Only three of a
 * kind pays, except cherries, which also pay for two on the first two reels. One coin per line.
 */
export const luckySevens: GameDef = {
  id: 'lucky-sevens',
  name: 'Lucky Sevens',
  rows: 3,
  symbols: [
    { id: 'SV', kind: 'regular', name: 'Seven' },
    { id: 'B3', kind: 'regular', name: 'Triple Bar' },
    { id: 'B2', kind: 'regular', name: 'Double Bar' },
    { id: 'B1', kind: 'regular', name: 'Bar' },
    { id: 'BE', kind: 'regular', name: 'Bell' },
    { id: 'PL', kind: 'regular', name: 'Plum' },
    { id: 'CH', kind: 'regular', name: 'Cherry' },
  ],
  strips: [
    'PL B3 B2 SV CH B1 B2 PL B1 CH PL B1 BE B3 B1 CH BE B2 CH BE',
    'BE B1 CH BE PL B2 BE B3 B1 B2 CH B1 B3 PL B1 CH SV B2 CH PL',
    'BE CH B1 PL CH B3 B2 CH B1 B3 BE CH SV B1 BE B2 PL B1 B2 PL',
  ],
  pays: {
    SV: { 3: 300 },
    B3: { 3: 120 },
    B2: { 3: 60 },
    B1: { 3: 25 },
    BE: { 3: 25 },
    PL: { 3: 15 },
    CH: { 2: 2, 3: 25 },
  },
  rule: { kind: 'lines', lines: FIVE_LINES },
  costCoins: 5,
  coinValues: [2, 5, 10, 20, 50, 100, 200],
};
