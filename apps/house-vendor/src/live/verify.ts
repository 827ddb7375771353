import { type BaccaratResult, dealShoe } from './baccarat.ts';
import { type DragonTigerResult, dealDragonTigerShoe } from './dragon-tiger.ts';
import { verifyShoe } from './shoe.ts';

/**
 * The verification page's view of a finished shoe: from the revealed seeds and the commitment shown
 * before the shoe, every hand (round) of the shoe, replayed with the tables' own dealing code. Throws
 * when the seeds do not give the commitment. Browser-safe.
 */

export interface ShoeSeeds {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

export async function verifyBaccaratShoe(seeds: ShoeSeeds, commitment: string): Promise<BaccaratResult[]> {
  return dealShoe((await verifyShoe(seeds, commitment)).cards);
}

export async function verifyDragonTigerShoe(
  seeds: ShoeSeeds,
  commitment: string,
): Promise<DragonTigerResult[]> {
  return dealDragonTigerShoe((await verifyShoe(seeds, commitment)).cards);
}
