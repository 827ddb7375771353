import { apiRequest } from './api-client.ts';

type HumanCheckChallenge = { parameters: Record<string, unknown>; signature?: string };

/**
 * The human check of the public forms (registration, SMS, contact, affiliate application): the
 * server's proof-of-work challenge (GET /wps/system/humanCheck, ALTCHA v2, PBKDF2/SHA-256,
 * self-hosted) solved in the browser with altcha-lib's solver on WebCrypto. Answers the base64
 * payload the server verifies once. The solver loads on first use only.
 */
export async function solveHumanCheck(signal?: AbortSignal): Promise<string> {
  const [{ solveChallenge }, { deriveKey }, challenge] = await Promise.all([
    import('altcha-lib'),
    import('altcha-lib/algorithms/web/pbkdf2'),
    apiRequest<HumanCheckChallenge>('/wps/system/humanCheck'),
  ]);
  const controller = new AbortController();
  signal?.addEventListener('abort', () => controller.abort());
  const solution = await solveChallenge({
    challenge: challenge as unknown as Parameters<typeof solveChallenge>[0]['challenge'],
    deriveKey,
    controller,
  });
  if (!solution) throw new Error('human check not solved');
  return btoa(JSON.stringify({ challenge, solution }));
}
