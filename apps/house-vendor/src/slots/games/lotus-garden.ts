import type { GameDef } from '../types.ts';
import { TWENTY_LINES } from './lines.ts';

/**
 * Lotus Garden: 5x3, 20 fixed lines, a wild that substitutes for every symbol and pays on its own.
 * One coin per line, so the total bet is 20 coins of the chosen line bet. Every strip holds 25 stops
 * with the same symbol counts (only the order differs), which keeps the game's math easy to read.
 */
export const lotusGarden: GameDef = {
  id: 'lotus-garden',
  name: 'Lotus Garden',
  rows: 3,
  symbols: [
    { id: 'W', kind: 'wild', name: 'Lotus' },
    { id: 'DR', kind: 'regular', name: 'Dragon' },
    { id: 'PH', kind: 'regular', name: 'Phoenix' },
    { id: 'KO', kind: 'regular', name: 'Koi' },
    { id: 'LA', kind: 'regular', name: 'Lantern' },
    { id: 'A', kind: 'regular', name: 'A' },
    { id: 'K', kind: 'regular', name: 'K' },
    { id: 'Q', kind: 'regular', name: 'Q' },
    { id: 'J', kind: 'regular', name: 'J' },
    { id: 'T', kind: 'regular', name: '10' },
  ],
  strips: [
    'T LA A PH Q DR T LA J Q KO K DR T W K A J K PH LA A J KO Q',
    'J PH T Q K DR T PH J Q LA W A LA K A J DR KO Q A T KO K LA',
    'J DR LA Q KO A J Q LA K DR T PH K T KO K PH W Q A T J LA A',
    'LA A KO T J DR Q PH K DR T LA W K Q A LA T PH Q J K KO A J',
    'J DR T Q A W K LA J K T LA Q DR T KO A Q PH J KO A LA PH K',
  ],
  pays: {
    W: { 3: 140, 4: 700, 5: 7000 },
    DR: { 3: 70, 4: 350, 5: 1400 },
    PH: { 3: 55, 4: 200, 5: 800 },
    KO: { 3: 40, 4: 140, 5: 550 },
    LA: { 3: 25, 4: 80, 5: 275 },
    A: { 3: 15, 4: 55, 5: 200 },
    K: { 3: 14, 4: 40, 5: 160 },
    Q: { 3: 11, 4: 35, 5: 140 },
    J: { 3: 8, 4: 28, 5: 110 },
    T: { 3: 7, 4: 20, 5: 80 },
  },
  rule: { kind: 'lines', lines: TWENTY_LINES },
  costCoins: 20,
  coinValues: [1, 2, 5, 10, 20, 50, 100],
};
