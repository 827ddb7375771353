import type { AffiliateApplicationBody, AffiliateApplicationCreated } from '@lotus/contracts/agents';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { solveHumanCheck } from '../../../lib/human-check.ts';

export type ApplicationInput = Omit<AffiliateApplicationBody, 'humanCheck'>;

/** POST /wps/agents/applications after the human check (the member's token goes along when logged in). */
export async function sendApplication(input: ApplicationInput): Promise<AffiliateApplicationCreated> {
  const humanCheck = await solveHumanCheck();
  return apiRequest<AffiliateApplicationCreated>('/wps/agents/applications', {
    method: 'POST',
    body: { ...input, humanCheck },
  });
}

export function useSendApplication() {
  return useMutation({ mutationFn: sendApplication });
}
