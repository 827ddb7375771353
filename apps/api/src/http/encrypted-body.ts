import { decryptPayload, ENVELOPE_HEADERS, EnvelopeError } from '@lotus/contracts/crypto-envelope';
import type { FastifyInstance } from 'fastify';
import type { ServerKeyring } from '../domains/security/server-keys.ts';
import { AppError } from './app-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The call is E (wire-protocol.md): its body arrives sealed and is opened before validation. */
    encrypted?: boolean;
  }
}

function header(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/**
 * Opens the body of E calls before schema validation, so the route's body schema describes the
 * decrypted payload. Missing headers or value (a plain JSON body included) -> request_body_required;
 * a digest, key or ciphertext that does not check out -> encrypted_payload_invalid. Either way the
 * handler never runs, so nothing changes.
 */
export function registerEncryptedBodies(app: FastifyInstance, keyring: ServerKeyring) {
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config?.encrypted !== true) return;
    const body = request.body as { value?: unknown } | null | undefined;
    const { privateKey } = await keyring.get();
    try {
      request.body = await decryptPayload(privateKey, {
        encryption: header(request.headers[ENVELOPE_HEADERS.encryption]),
        digest: header(request.headers[ENVELOPE_HEADERS.digest]),
        value: typeof body === 'object' && body !== null ? body.value : undefined,
      });
    } catch (error) {
      if (!(error instanceof EnvelopeError)) throw error;
      throw new AppError(error.reason === 'missing' ? 'request_body_required' : 'encrypted_payload_invalid', {
        cause: error,
      });
    }
  });
}
