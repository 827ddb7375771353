import { dealBaccarat } from '../../../src/live/baccarat.ts';
import { dealDragonTiger } from '../../../src/live/dragon-tiger.ts';
import { verifyRoulette, verifySicBo } from '../../../src/live/round-seed.ts';
import { verifyShoe } from '../../../src/live/shoe.ts';

/**
 * A live round recomputed in the browser from its public fairness data (GET /api/live/rounds/:id)
 * with the tables' own code (src/live, WebCrypto only): roulette and sic bo from the revealed round
 * seed (checked against the commitment published before betting); baccarat and dragon tiger from
 * the shoe's seeds once the shoe is finished (checked against the shoe's commitment), dealing from
 * the round's first card as the server does.
 */

export type LiveVerification = {
  id: string;
  table: string;
  game: 'BAC' | 'DAT' | 'ROU' | 'SIC';
  number: number;
  phase: string;
  commitment: string;
  shoe: string | null;
  shoeStart: number | null;
  result: Record<string, unknown> | null;
  roundSeed: string | null;
  shoeSeeds: { serverSeed: string; clientSeed: string; nonce: number } | null;
};

export type LiveCheck =
  | { kind: 'ok'; recomputed: unknown; matches: boolean | null }
  | { kind: 'not_revealed' }
  | { kind: 'hash' };

/** Deep equality whatever the key order (the database's JSON may reorder keys). */
function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sorted((value as Record<string, unknown>)[key])]),
    );
  return value;
}
const same = (a: unknown, b: unknown) => JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));

export async function verifyLive(round: LiveVerification): Promise<LiveCheck> {
  try {
    if (round.game === 'ROU' || round.game === 'SIC') {
      if (!round.roundSeed) return { kind: 'not_revealed' };
      const seed = { roundSeed: round.roundSeed, tableId: round.table, round: round.number };
      const recomputed =
        round.game === 'ROU'
          ? { game: 'ROU', pocket: await verifyRoulette(seed, round.commitment) }
          : { game: 'SIC', dice: [...(await verifySicBo(seed, round.commitment))] };
      return { kind: 'ok', recomputed, matches: round.result ? same(recomputed, round.result) : null };
    }
    if (!round.shoeSeeds || round.shoeStart === null) return { kind: 'not_revealed' };
    const { cards } = await verifyShoe(round.shoeSeeds, round.commitment);
    let position = round.shoeStart;
    const next = () => {
      const card = cards[position];
      if (card === undefined) throw new RangeError('the shoe is empty');
      position += 1;
      return card;
    };
    const recomputed =
      round.game === 'BAC'
        ? { game: 'BAC', hand: dealBaccarat(next) }
        : { game: 'DAT', hand: dealDragonTiger(next) };
    return { kind: 'ok', recomputed, matches: round.result ? same(recomputed, round.result) : null };
  } catch {
    return { kind: 'hash' };
  }
}
