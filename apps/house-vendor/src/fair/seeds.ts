/**
 * A player's seed pair: the server seed stays secret while it is in use, only its SHA-256 is shown
 * (the commitment); rotating the pair reveals the old server seed so every past round can be checked
 * against the hash the player saw before playing. Browser-safe like derive.ts.
 */

const encoder = new TextEncoder();

/** Printable ASCII without spaces: the same bytes in every browser and on the server (no Unicode normalisation). */
const CLIENT_SEED = /^[\x21-\x7e]{1,64}$/;

export interface SeedPair {
  /** 64 lowercase hex characters (32 random bytes); secret until rotated. */
  serverSeed: string;
  /** SHA-256 (hex) of the UTF-8 of `serverSeed`, shown before play. */
  serverSeedHash: string;
  clientSeed: string;
  /** The nonce the next round will use; the first round of a pair uses 0. */
  nonce: number;
}

export interface Rotation {
  /** The pair that was in use, now revealed (its server seed may be published). */
  revealed: SeedPair;
  next: SeedPair;
}

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function isValidClientSeed(clientSeed: string): boolean {
  return CLIENT_SEED.test(clientSeed);
}

export function newServerSeed(): string {
  return toHex(crypto.getRandomValues(new Uint8Array(32)));
}

/** A default client seed (the player may replace it): 16 random bytes in hex. */
export function newClientSeed(): string {
  return toHex(crypto.getRandomValues(new Uint8Array(16)));
}

export async function hashServerSeed(serverSeed: string): Promise<string> {
  return toHex(new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(serverSeed))));
}

export async function newSeedPair(clientSeed: string = newClientSeed()): Promise<SeedPair> {
  if (!isValidClientSeed(clientSeed))
    throw new RangeError('client seed must be 1-64 printable ASCII characters');
  const serverSeed = newServerSeed();
  return { serverSeed, serverSeedHash: await hashServerSeed(serverSeed), clientSeed, nonce: 0 };
}

/**
 * Ends the current pair and starts a new one (nonce 0). The player changes the client seed only through
 * a rotation, so each client seed is used with one committed server seed and the nonces never restart
 * under a seed the server already knows the player's choice for.
 */
export async function rotate(current: SeedPair, clientSeed: string = current.clientSeed): Promise<Rotation> {
  return { revealed: current, next: await newSeedPair(clientSeed) };
}

/** True when a revealed server seed matches the hash that was shown before play. */
export async function verifyServerSeed(serverSeed: string, serverSeedHash: string): Promise<boolean> {
  return (await hashServerSeed(serverSeed)) === serverSeedHash.toLowerCase();
}
