import { apiRequest } from '../../../lib/api-client.ts';

export type HumanCheckChallenge = { parameters: Record<string, unknown>; signature?: string };

/** GET /wps/system/humanCheck: a proof-of-work challenge (ALTCHA v2), solved in the browser. */
export function getHumanCheck(): Promise<HumanCheckChallenge> {
  return apiRequest<HumanCheckChallenge>('/wps/system/humanCheck');
}
