import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { getOrCreateSecret } from './server-secrets.repository.ts';

/**
 * Secrets the platform must read back in plain (vendor and payment-gateway signing secrets, operator
 * TOTP seeds) are stored sealed with AES-256-GCM under a named installation key from
 * server_secrets, so a copy of their table alone yields nothing. Format: `v1.<iv>.<body>.<tag>`
 * (base64url). A key never changes once created, so each process reads it once per database.
 */
export type ServerKeyName = 'vendor_secrets' | 'operator_totp';

const keys = new WeakMap<Db, Map<ServerKeyName, Promise<Buffer>>>();

function serverKey(db: Db, name: ServerKeyName): Promise<Buffer> {
  let byName = keys.get(db);
  if (!byName) {
    byName = new Map();
    keys.set(db, byName);
  }
  let key = byName.get(name);
  if (!key) {
    key = getOrCreateSecret(db, name, async () => randomBytes(32).toString('hex')).then((hex) =>
      Buffer.from(hex, 'hex'),
    );
    // A failed read is not remembered.
    key.catch(() => byName.delete(name));
    byName.set(name, key);
  }
  return key;
}

export async function sealSecret(db: Db, name: ServerKeyName, plain: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await serverKey(db, name), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [
    'v1',
    iv.toString('base64url'),
    body.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
  ].join('.');
}

/** The plain secret; throws on an unknown format or a ciphertext that fails authentication. */
export async function openSecret(db: Db, name: ServerKeyName, sealed: string): Promise<string> {
  const [version, iv, body, tag] = sealed.split('.');
  if (version !== 'v1' || !iv || !body || !tag) throw new Error(`${name}: unknown sealed format`);
  const decipher = createDecipheriv('aes-256-gcm', await serverKey(db, name), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
