import { FairStream } from '../fair/derive.ts';

/**
 * The 8-deck shoe of baccarat and dragon tiger, shuffled by the provably fair stream. Browser-safe:
 * WebCrypto and TextEncoder only, like fair/derive.ts, so the verification page reruns this code.
 *
 * A card is an integer 0..51: rank = card % 13 + 1 (1 = ace .. 13 = king), suit = floor(card / 13)
 * (0 spades, 1 hearts, 2 diamonds, 3 clubs); its code is rank then suit letter ("AS", "TD", "KC").
 *
 * Shuffle: the unshuffled shoe is the 8 decks one after another, each deck in card order 0..51. For
 * i = 415 down to 1, j = stream.nextInt(i + 1) (rejection sampling, fair/derive.ts) and cards i and j
 * swap (Fisher-Yates): 415 draws of the HMAC-SHA256 stream of (serverSeed, clientSeed, nonce).
 *
 * Commitment, published before the shoe's first betting window opens:
 *   SHA-256 (hex) of the UTF-8 of `lotus-shoe-v1:${serverSeed}:${clientSeed}:${nonce}:${codes}`
 * where codes are the 416 card codes in dealing order joined by spaces (the canonical string of the
 * shuffled shoe). The secret server seed is part of the hashed text on purpose: a hash of the card
 * order alone could be brute-forced near the end of a shoe, when few unseen cards are left. After the
 * shoe the server seed is revealed and anyone can recompute the order and the hash.
 */

export const DECKS = 8;
export const SHOE_SIZE = DECKS * 52;
/** A new hand (or dragon tiger round) starts only while more than this many cards remain (the cut card). */
export const CUT_CARD_REMAINING = 14;

const RANKS = 'A23456789TJQK';
const SUITS = 'SHDC';
const encoder = new TextEncoder();

export const rankOf = (card: number): number => (card % 13) + 1;
export const suitOf = (card: number): number => Math.floor(card / 13);
/** Baccarat value: ace 1, 2-9 face value, ten and pictures 0. */
export const baccaratValue = (card: number): number => {
  const rank = rankOf(card);
  return rank >= 10 ? 0 : rank;
};
export const cardCode = (card: number): string => `${RANKS[card % 13]}${SUITS[suitOf(card)]}`;

export function parseCard(code: string): number {
  const rank = RANKS.indexOf(code[0] ?? '');
  const suit = SUITS.indexOf(code[1] ?? '');
  if (code.length !== 2 || rank < 0 || suit < 0)
    throw new RangeError(`not a card code: ${JSON.stringify(code)}`);
  return suit * 13 + rank;
}

/** The unshuffled shoe: deck after deck, each in card order. */
export function orderedShoe(): number[] {
  return Array.from({ length: SHOE_SIZE }, (_, index) => index % 52);
}

/** Fisher-Yates from any source of uniform integers in [0, n) (the simulation's fast generator). */
export function shuffleWith(nextInt: (n: number) => number): number[] {
  const cards = orderedShoe();
  for (let i = cards.length - 1; i > 0; i--) {
    const j = nextInt(i + 1);
    const swap = cards[i]!;
    cards[i] = cards[j]!;
    cards[j] = swap;
  }
  return cards;
}

/** The provably fair shuffle: the same Fisher-Yates fed by the HMAC stream. */
export async function shuffleShoe(serverSeed: string, clientSeed: string, nonce: number): Promise<number[]> {
  const stream = new FairStream(serverSeed, clientSeed, nonce);
  const cards = orderedShoe();
  for (let i = cards.length - 1; i > 0; i--) {
    const j = await stream.nextInt(i + 1);
    const swap = cards[i]!;
    cards[i] = cards[j]!;
    cards[j] = swap;
  }
  return cards;
}

/** The canonical string of a shoe: card codes in dealing order, separated by single spaces. */
export function shoeString(cards: readonly number[]): string {
  return cards.map(cardCode).join(' ');
}

async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text)));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export async function shoeCommitment(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  cards: readonly number[],
): Promise<string> {
  return sha256Hex(`lotus-shoe-v1:${serverSeed}:${clientSeed}:${nonce}:${shoeString(cards)}`);
}

export interface Shoe {
  readonly serverSeed: string;
  readonly clientSeed: string;
  readonly nonce: number;
  readonly cards: readonly number[];
  readonly commitment: string;
}

/** Shuffles a shoe and computes its commitment (the server publishes `commitment` only). */
export async function newShoe(serverSeed: string, clientSeed: string, nonce: number): Promise<Shoe> {
  const cards = await shuffleShoe(serverSeed, clientSeed, nonce);
  return {
    serverSeed,
    clientSeed,
    nonce,
    cards,
    commitment: await shoeCommitment(serverSeed, clientSeed, nonce, cards),
  };
}

/**
 * Verification of a finished shoe from its revealed seeds: the recomputed order must give the
 * commitment published before the shoe, and every card dealt (in order, from the first) must be that order.
 * Returns the recomputed shoe, or throws.
 */
export async function verifyShoe(
  seeds: { serverSeed: string; clientSeed: string; nonce: number },
  commitment: string,
  dealt: readonly number[] = [],
): Promise<Shoe> {
  const shoe = await newShoe(seeds.serverSeed, seeds.clientSeed, seeds.nonce);
  if (shoe.commitment !== commitment.toLowerCase())
    throw new Error('the revealed seeds do not give the commitment published before the shoe');
  dealt.forEach((card, index) => {
    if (shoe.cards[index] !== card)
      throw new Error(`card ${index + 1} dealt differs from the committed shoe`);
  });
  return shoe;
}

/** Reads cards from a shoe in order; `canStartRound` is the cut card rule. */
export class ShoeCursor {
  readonly cards: readonly number[];
  position: number;

  constructor(cards: readonly number[], position = 0) {
    this.cards = cards;
    this.position = position;
  }

  get remaining(): number {
    return this.cards.length - this.position;
  }

  canStartRound(): boolean {
    return this.remaining > CUT_CARD_REMAINING;
  }

  next(): number {
    const card = this.cards[this.position];
    if (card === undefined) throw new RangeError('the shoe is empty');
    this.position += 1;
    return card;
  }
}
