import type { GameDef } from '../types.ts';

/**
 * Jade Ways: 5x3, 243 ways, a wild on the middle three reels only (so it never starts a way), and a
 * gong scatter on every reel that pays anywhere. Three or more gongs award 10 free spins at x2 on the
 * same strips; three or more during free spins add 10 more, with no cap. A spin costs 50 coins: ways
 * pays are small fractions of the bet, and 50 coins keep every one of them a whole coin.
 */
export const jadeWays: GameDef = {
  id: 'jade-ways',
  name: 'Jade Ways',
  rows: 3,
  symbols: [
    { id: 'W', kind: 'wild', name: 'Jade' },
    { id: 'S', kind: 'scatter', name: 'Gong' },
    { id: 'H1', kind: 'regular', name: 'Tiger' },
    { id: 'H2', kind: 'regular', name: 'Crane' },
    { id: 'H3', kind: 'regular', name: 'Turtle' },
    { id: 'H4', kind: 'regular', name: 'Ingot' },
    { id: 'A', kind: 'regular', name: 'A' },
    { id: 'K', kind: 'regular', name: 'K' },
    { id: 'Q', kind: 'regular', name: 'Q' },
    { id: 'J', kind: 'regular', name: 'J' },
    { id: 'T', kind: 'regular', name: '10' },
  ],
  strips: [
    'K H3 A Q H3 T Q H2 T Q S H2 A H1 J K H3 H4 A J H4 K H1 J H4',
    'A Q H4 K S H1 H3 K J Q K H3 H1 W H2 H3 H4 J A T H4 H2 A Q T',
    'K H2 A K W H3 A H4 T H1 Q H3 H1 T H4 H2 J Q K J Q A H4 H3 S',
    'T H1 A Q H1 W T K J S H4 H2 H3 K J H3 A Q H4 H3 H2 K A H4 Q',
    'H4 H1 T H4 H3 Q A H3 K S H2 Q H4 J H2 A K J A H3 Q T K H1 J',
  ],
  pays: {
    S: { 3: 100, 4: 500, 5: 5000 },
    H1: { 3: 50, 4: 190, 5: 950 },
    H2: { 3: 40, 4: 125, 5: 500 },
    H3: { 3: 30, 4: 75, 5: 320 },
    H4: { 3: 25, 4: 65, 5: 250 },
    A: { 3: 20, 4: 40, 5: 150 },
    K: { 3: 15, 4: 30, 5: 125 },
    Q: { 3: 12, 4: 25, 5: 100 },
    J: { 3: 8, 4: 25, 5: 75 },
    T: { 3: 6, 4: 20, 5: 60 },
  },
  rule: { kind: 'ways' },
  costCoins: 50,
  coinValues: [1, 2, 5, 10, 20, 50],
  freeSpins: { trigger: 3, spins: 10, retrigger: 10, multiplier: 2 },
};
