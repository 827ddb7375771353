import { describe, expect, it } from 'vitest';
import { newServerSeed } from '../../../src/fair/seeds.ts';
import { newRound, roulettePocket, sicBoDice } from '../../../src/live/round-seed.ts';
import { newShoe } from '../../../src/live/shoe.ts';
import { dealFromShoe } from '../../../src/server/live/tables.ts';
import { type LiveVerification, verifyLive } from './verify.ts';

const base = {
  id: '00000000-0000-4000-8000-000000000000',
  phase: 'settled',
  shoe: null,
  shoeStart: null,
  shoeSeeds: null,
};

describe('live round verification in the browser', () => {
  it('recomputes roulette and sic bo from the revealed round seed', async () => {
    const r = await newRound('live-roulette', 7);
    const pocket = await roulettePocket(r);
    const round: LiveVerification = {
      ...base,
      table: 'live-roulette',
      game: 'ROU',
      number: 7,
      commitment: r.commitment,
      roundSeed: r.roundSeed,
      result: { game: 'ROU', pocket },
    };
    expect(await verifyLive(round)).toEqual({
      kind: 'ok',
      recomputed: { game: 'ROU', pocket },
      matches: true,
    });
    expect(await verifyLive({ ...round, result: { game: 'ROU', pocket: (pocket + 1) % 37 } })).toMatchObject({
      matches: false,
    });
    expect(await verifyLive({ ...round, roundSeed: null })).toEqual({ kind: 'not_revealed' });
    expect(await verifyLive({ ...round, commitment: '0'.repeat(64) })).toEqual({ kind: 'hash' });

    const s = await newRound('live-sicbo', 3);
    const dice = [...(await sicBoDice(s))];
    expect(
      await verifyLive({
        ...base,
        table: 'live-sicbo',
        game: 'SIC',
        number: 3,
        commitment: s.commitment,
        roundSeed: s.roundSeed,
        result: { game: 'SIC', dice },
      }),
    ).toMatchObject({ kind: 'ok', matches: true });
  });

  it('deals baccarat and dragon tiger from the finished shoe at the round first card', async () => {
    const shoe = await newShoe(newServerSeed(), 'live-baccarat', 1);
    const first = dealFromShoe('BAC', shoe.cards, 0);
    const second = dealFromShoe('BAC', shoe.cards, first.end);
    const seeds = { serverSeed: shoe.serverSeed, clientSeed: shoe.clientSeed, nonce: shoe.nonce };
    const round: LiveVerification = {
      ...base,
      table: 'live-baccarat',
      game: 'BAC',
      number: 2,
      commitment: shoe.commitment,
      roundSeed: null,
      shoe: '1',
      shoeStart: first.end,
      shoeSeeds: seeds,
      // Keys in another order, as the database's JSON may give them.
      result: Object.fromEntries(Object.entries(JSON.parse(JSON.stringify(second.result))).reverse()),
    };
    expect(await verifyLive(round)).toMatchObject({ kind: 'ok', matches: true });
    expect(await verifyLive({ ...round, shoeSeeds: null })).toEqual({ kind: 'not_revealed' });
    const dt = dealFromShoe('DAT', shoe.cards, 0);
    expect(
      await verifyLive({
        ...round,
        game: 'DAT',
        shoeStart: 0,
        result: JSON.parse(JSON.stringify(dt.result)),
      }),
    ).toMatchObject({ kind: 'ok', matches: true });
  });
});
