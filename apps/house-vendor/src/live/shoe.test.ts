import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FairStream } from '../fair/derive.ts';
import { hashServerSeed } from '../fair/seeds.ts';
import { dealShoe } from './baccarat.ts';
import { dealDragonTigerShoe } from './dragon-tiger.ts';
import { roulettePocket, sicBoDice, verifyRoulette, verifySicBo } from './round-seed.ts';
import {
  CUT_CARD_REMAINING,
  cardCode,
  newShoe,
  orderedShoe,
  parseCard,
  SHOE_SIZE,
  shoeString,
  shuffleShoe,
  shuffleWith,
  verifyShoe,
} from './shoe.ts';
import { verifyBaccaratShoe, verifyDragonTigerShoe } from './verify.ts';

const SERVER_SEED = '6b1c0a8e3e4f5d2a9c7b1e0f4a3d2c1b8e7f6a5d4c3b2a1908f7e6d5c4b3a291';
const CLIENT_SEED = 'table-BAC-1';

describe('the shoe', () => {
  it('has 8 decks: 32 of every rank, 8 of every card', () => {
    const cards = orderedShoe();
    expect(cards).toHaveLength(416);
    const counts = new Map<number, number>();
    for (const card of cards) counts.set(card, (counts.get(card) ?? 0) + 1);
    expect([...counts.values()]).toEqual(new Array(52).fill(8));
    for (let card = 0; card < 52; card++) expect(parseCard(cardCode(card))).toBe(card);
    expect(['AS', 'TH', 'QD', 'KC'].map(parseCard).map(cardCode)).toEqual(['AS', 'TH', 'QD', 'KC']);
    expect(() => parseCard('1S')).toThrow(RangeError);
    expect(() => parseCard('AS\0')).toThrow(RangeError);
  });

  it('shuffles deterministically from the seeds, by Fisher-Yates over the fair stream', async () => {
    const a = await shuffleShoe(SERVER_SEED, CLIENT_SEED, 3);
    const b = await shuffleShoe(SERVER_SEED, CLIENT_SEED, 3);
    expect(a).toEqual(b);
    expect([...a].sort((x, y) => x - y)).toEqual([...orderedShoe()].sort((x, y) => x - y));
    expect(a).not.toEqual(orderedShoe());
    expect(await shuffleShoe(SERVER_SEED, CLIENT_SEED, 4)).not.toEqual(a);
    expect(await shuffleShoe(SERVER_SEED, `${CLIENT_SEED}x`, 3)).not.toEqual(a);
    // Recomputed with the stream's integers by hand: the same swaps in the same order.
    const stream = new FairStream(SERVER_SEED, CLIENT_SEED, 3);
    const draws: number[] = [];
    for (let i = SHOE_SIZE - 1; i > 0; i--) draws.push(await stream.nextInt(i + 1));
    let index = 0;
    expect(shuffleWith(() => draws[index++]!)).toEqual(a);
    // Pinned: the first ten cards of this shoe never change (the verification page depends on it).
    expect(shoeString(a.slice(0, 10))).toMatchInlineSnapshot(`"KC 5C KC 4D 8S 3D 4H 2H AD 5D"`);
  });

  it('commits to the shoe with SHA-256 of its canonical string, and verifies a revealed shoe', async () => {
    const shoe = await newShoe(SERVER_SEED, CLIENT_SEED, 3);
    const text = `lotus-shoe-v1:${SERVER_SEED}:${CLIENT_SEED}:3:${shoeString(shoe.cards)}`;
    expect(shoe.commitment).toBe(createHash('sha256').update(text).digest('hex'));
    expect(shoeString(shoe.cards).split(' ')).toHaveLength(416);
    const hands = dealShoe(shoe.cards);
    const dealt = hands.flatMap((hand) => hand.cards);
    await expect(verifyShoe(shoe, shoe.commitment, dealt)).resolves.toMatchObject({ cards: shoe.cards });
    await expect(verifyShoe(shoe, shoe.commitment.toUpperCase())).resolves.toBeDefined();
    // Another commitment, other seeds or a card that was not in the committed order are refused.
    await expect(verifyShoe(shoe, `${'0'.repeat(63)}1`)).rejects.toThrow(/commitment/);
    await expect(verifyShoe({ ...shoe, nonce: 4 }, shoe.commitment)).rejects.toThrow(/commitment/);
    const tampered = [...dealt];
    tampered[5] = (tampered[5]! + 1) % 52;
    await expect(verifyShoe(shoe, shoe.commitment, tampered)).rejects.toThrow(/card 6/);
  });

  it('replays a whole shoe for the verification page', async () => {
    const shoe = await newShoe(SERVER_SEED, CLIENT_SEED, 5);
    expect(await verifyBaccaratShoe(shoe, shoe.commitment)).toEqual(dealShoe(shoe.cards));
    expect(await verifyDragonTigerShoe(shoe, shoe.commitment)).toEqual(dealDragonTigerShoe(shoe.cards));
    await expect(verifyBaccaratShoe({ ...shoe, clientSeed: 'other' }, shoe.commitment)).rejects.toThrow(
      /commitment/,
    );
  });

  it('deals a shoe until the cut card', async () => {
    const shoe = await newShoe(SERVER_SEED, CLIENT_SEED, 9);
    const hands = dealShoe(shoe.cards);
    const used = hands.reduce((sum, hand) => sum + hand.player.length + hand.banker.length, 0);
    expect(SHOE_SIZE - used).toBeLessThanOrEqual(CUT_CARD_REMAINING);
    expect(SHOE_SIZE - used).toBeGreaterThanOrEqual(CUT_CARD_REMAINING - 5);
    expect(hands.length).toBeGreaterThan(70);
    const rounds = dealDragonTigerShoe(shoe.cards);
    expect(rounds).toHaveLength((SHOE_SIZE - CUT_CARD_REMAINING) / 2);
    expect(rounds[0]).toMatchObject({ dragon: shoe.cards[0], tiger: shoe.cards[1] });
  });
});

describe('round seeds (roulette, sic bo)', () => {
  const seed = { roundSeed: SERVER_SEED, tableId: 'ROU-1', round: 12 };

  it('derive the pocket and the dice from the fair stream of (round seed, table, round)', async () => {
    const stream = new FairStream(SERVER_SEED, 'ROU-1', 12);
    const pocket = await roulettePocket(seed);
    expect(pocket).toBe(await stream.nextInt(37));
    const dice = await sicBoDice(seed);
    const again = new FairStream(SERVER_SEED, 'ROU-1', 12);
    expect(dice).toEqual([
      (await again.nextInt(6)) + 1,
      (await again.nextInt(6)) + 1,
      (await again.nextInt(6)) + 1,
    ]);
    expect(await roulettePocket({ ...seed, round: 13 })).toBeTypeOf('number');
    expect([pocket, dice]).toMatchInlineSnapshot(`
      [
        18,
        [
          6,
          5,
          2,
        ],
      ]
    `);
  });

  it('verify against the commitment', async () => {
    const commitment = await hashServerSeed(SERVER_SEED);
    expect(await verifyRoulette(seed, commitment)).toBe(await roulettePocket(seed));
    expect(await verifySicBo(seed, commitment)).toEqual(await sicBoDice(seed));
    await expect(
      verifyRoulette({ ...seed, roundSeed: `${SERVER_SEED.slice(0, -1)}0` }, commitment),
    ).rejects.toThrow(/commitment/);
  });
});

describe('browser safety', () => {
  it('the live game core imports nothing but itself, fair/ and the slots fraction helpers (no node:, no Buffer)', () => {
    const directory = new URL('./', import.meta.url);
    const sources = readdirSync(directory).filter(
      (name) => name.endsWith('.ts') && !name.endsWith('.test.ts'),
    );
    expect(sources.length).toBeGreaterThan(8);
    for (const name of sources) {
      const text = readFileSync(new URL(name, directory), 'utf8');
      const imports = [...text.matchAll(/from '([^']+)'/g)].map((match) => match[1]!);
      for (const specifier of imports)
        expect(specifier, `${name} imports ${specifier}`).toMatch(
          /^(\.\/[a-z-]+\.ts|\.\.\/fair\/(derive|seeds)\.ts|\.\.\/slots\/math\.ts)$/,
        );
      expect(text, name).not.toMatch(/\b(Buffer|process|require)\b/);
    }
  });

  it('refuses a table id that is not a client seed', async () => {
    await expect(roulettePocket({ roundSeed: SERVER_SEED, tableId: 'ROU 1', round: 1 })).rejects.toThrow(
      RangeError,
    );
    await expect(sicBoDice({ roundSeed: SERVER_SEED, tableId: '', round: 1 })).rejects.toThrow(RangeError);
  });
});
