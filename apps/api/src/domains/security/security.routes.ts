import { PublicKeyInfo } from '@lotus/contracts/accounts';
import { ENVELOPE_ALGORITHM } from '@lotus/contracts/crypto-envelope';
import { ApiHeaders } from '@lotus/contracts/envelope';
import { ok, responses } from '../../http/envelope.ts';
import type { Api, RouteDeps } from '../../http/types.ts';

export function securityRoutes(api: Api, { members }: RouteDeps) {
  api.get(
    '/wps/system/publicKey',
    {
      schema: {
        tags: ['members'],
        summary: 'The RSA-OAEP-256 public key (SPKI PEM) that seals the payloads of the E calls',
        headers: ApiHeaders,
        response: responses(PublicKeyInfo),
      },
    },
    async (_request, reply) => {
      const keys = await members.keyring.get();
      reply.header('cache-control', 'public, max-age=300');
      return ok({ publicKey: keys.publicKeyPem, algorithm: ENVELOPE_ALGORITHM });
    },
  );
}
