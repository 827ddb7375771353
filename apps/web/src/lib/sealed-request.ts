import { apiRequest } from './api-client.ts';
import { ApiError } from './api-error.ts';

/**
 * Calls marked E (wire-protocol.md): the JSON payload sealed with the shared crypto envelope
 * (@lotus/contracts/crypto-envelope, WebCrypto) under the server's public key from
 * GET /wps/system/publicKey. The envelope code and the key load on the first sealed call only.
 */
type Envelope = typeof import('@lotus/contracts/crypto-envelope');
type PublicKey = Awaited<ReturnType<Envelope['importPublicKeyPem']>>;

let keyPromise: Promise<{ envelope: Envelope; key: PublicKey }> | null = null;

function serverKey() {
  if (!keyPromise) {
    keyPromise = (async () => {
      const [envelope, info] = await Promise.all([
        import('@lotus/contracts/crypto-envelope'),
        apiRequest<{ publicKey: string; algorithm: string }>('/wps/system/publicKey'),
      ]);
      return { envelope, key: await envelope.importPublicKeyPem(info.publicKey) };
    })();
    keyPromise.catch(() => {
      keyPromise = null;
    });
  }
  return keyPromise;
}

export async function sealedRequest<T>(
  path: string,
  method: 'POST' | 'PUT',
  payload: Record<string, unknown>,
): Promise<T> {
  const { envelope, key } = await serverKey();
  const sealed = await envelope.encryptPayload(key, payload);
  try {
    return await apiRequest<T>(path, { method, body: sealed.body, headers: sealed.headers });
  } catch (error) {
    // A rotated server key: fetch it again for the next attempt.
    if (error instanceof ApiError && error.errorCode === 'encrypted_payload_invalid') keyPromise = null;
    throw error;
  }
}

/** The device id of the login payload (wire-protocol.md): a UUID kept in local storage. */
export function loginDeviceId(): string {
  const KEY = 'loginDeviceId';
  try {
    const existing = window.localStorage.getItem(KEY);
    if (existing) return existing;
    const id = crypto.randomUUID();
    window.localStorage.setItem(KEY, id);
    return id;
  } catch {
    return crypto.randomUUID();
  }
}
