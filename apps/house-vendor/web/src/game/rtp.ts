/**
 * Each game's theoretical RTP as its math sheet states it (docs/math/<game>.md, computed exactly
 * from the game data); the rules screen shows it. A test keeps these equal to the sheets.
 */
export const GAME_RTP: Record<string, string> = {
  'lotus-garden': '95.32%',
  'jade-ways': '95.69%',
  'lucky-sevens': '95.90%',
};
