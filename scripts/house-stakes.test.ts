import { describe, expect, it } from 'vitest';
import { HOUSE_GAMES } from '../apps/api/src/db/seed/demo-games.ts';
import { HOUSE_SLOT_STAKES } from '../apps/api/src/domains/games/migrations/0048_game_stakes.ts';
import { stakeMinor } from '../apps/house-vendor/src/slots/bet.ts';
import { GAMES } from '../apps/house-vendor/src/slots/games/index.ts';

/**
 * The platform learns the house slots' stakes on its own side (the seed's catalogue and migration
 * 0048 carry them; the vendor's wire protocol has no game list): they must be exactly the total bets
 * the vendor accepts, coin value x coins per spin, or a free-round grant could never be spent.
 */
describe('house slot stakes of the platform catalogue', () => {
  const vendorStakes = (id: string) => {
    const game = GAMES.find((g) => g.id === id);
    if (!game) throw new Error(`no house slot ${id}`);
    return game.coinValues.map((c) => stakeMinor(game, c)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  };

  it('every slot of the vendor is in the seed with its stakes and minimum bet', () => {
    const slots = HOUSE_GAMES.filter((g) => g.gameType === 'SLOT');
    expect(slots.map((g) => g.code).sort()).toEqual(GAMES.map((g) => g.id).sort());
    for (const slot of slots) {
      const stakes = vendorStakes(slot.code);
      expect(slot.stakes, slot.code).toEqual(stakes);
      expect(slot.minBet, slot.code).toBe(stakes[0]);
    }
  });

  it('the migration fills the catalogued slots with the same stakes', () => {
    expect(Object.keys(HOUSE_SLOT_STAKES).sort()).toEqual(GAMES.map((g) => g.id).sort());
    for (const [code, stakes] of Object.entries(HOUSE_SLOT_STAKES))
      expect(stakes, code).toEqual(vendorStakes(code));
  });

  it('a stake that is not coin value x coins is not among them', () => {
    const lotus = vendorStakes('lotus-garden');
    expect(lotus).not.toContain(25n);
    expect(lotus).toContain(20n);
  });
});
