import { randomBytes } from 'node:crypto';
import {
  type EnvelopeKey,
  generateEnvelopeKeyPair,
  importPrivateKeyPem,
} from '@lotus/contracts/crypto-envelope';
import type { Db } from '../../db/database.ts';
import { getOrCreateSecret } from './server-secrets.repository.ts';

export type ServerKeys = {
  publicKeyPem: string;
  privateKey: EnvelopeKey;
  /** HMAC key for one-time codes, registration retry fingerprints and captcha answers. */
  hmacKey: string;
  /** HMAC key signing the proof-of-work challenges. */
  humanCheckKey: string;
};

/**
 * The installation's keys, stored in the database so every process shares them: the RSA-OAEP pair of
 * the encrypted payloads (generated once) and the HMAC keys. Loaded once per process, lazily.
 */
export class ServerKeyring {
  private readonly db: Db;
  private loading: Promise<ServerKeys> | null = null;

  constructor(db: Db) {
    this.db = db;
  }

  get(): Promise<ServerKeys> {
    this.loading ??= this.load().catch((error: unknown) => {
      this.loading = null;
      throw error;
    });
    return this.loading;
  }

  private async load(): Promise<ServerKeys> {
    const pair = JSON.parse(
      await getOrCreateSecret(this.db, 'envelope_rsa', async () =>
        JSON.stringify(await generateEnvelopeKeyPair()),
      ),
    ) as { publicKeyPem: string; privateKeyPem: string };
    const random = async () => randomBytes(32).toString('hex');
    return {
      publicKeyPem: pair.publicKeyPem,
      privateKey: await importPrivateKeyPem(pair.privateKeyPem),
      hmacKey: await getOrCreateSecret(this.db, 'hmac', random),
      humanCheckKey: await getOrCreateSecret(this.db, 'human_check', random),
    };
  }
}
