/**
 * The lottery's shared data, one copy for the engine (apps/api/src/domains/lottery/engine), the
 * member site and the back office: the prize tables of the VN and 4D draws. Schema-free (no
 * TypeBox), so the site's first load can take it without the wire schemas.
 */

export interface VnPrizeSlot {
  tier: string;
  width: number;
}

function table(rows: [string, number, number][]): VnPrizeSlot[] {
  return rows.flatMap(([tier, count, width]) => Array.from({ length: count }, () => ({ tier, width })));
}

/** Northern VN draw (27 prizes): special and 1st of 5 digits, 2 x 5, 6 x 5, 4 x 4, 6 x 4, 3 x 3, 4 x 2. */
export const VN_NORTH_PRIZES: readonly VnPrizeSlot[] = table([
  ['special', 1, 5],
  ['first', 1, 5],
  ['second', 2, 5],
  ['third', 6, 5],
  ['fourth', 4, 4],
  ['fifth', 6, 4],
  ['sixth', 3, 3],
  ['seventh', 4, 2],
]);

/** Southern/central VN draw (18 prizes): special of 6 digits down to the 8th prize of 2 digits. */
export const VN_SOUTH_PRIZES: readonly VnPrizeSlot[] = table([
  ['special', 1, 6],
  ['first', 1, 5],
  ['second', 1, 5],
  ['third', 2, 5],
  ['fourth', 7, 5],
  ['fifth', 1, 4],
  ['sixth', 3, 4],
  ['seventh', 1, 3],
  ['eighth', 1, 2],
]);

/** SEA 4D: 23 distinct numbers: 1st, 2nd, 3rd, 10 starters, 10 consolations. */
export const SEA4D_PRIZES: readonly string[] = [
  'first',
  'second',
  'third',
  ...Array.from({ length: 10 }, () => 'starter'),
  ...Array.from({ length: 10 }, () => 'consolation'),
];
