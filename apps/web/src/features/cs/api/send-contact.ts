import type { ContactBody, ContactCreated } from '@lotus/contracts/cs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { solveHumanCheck } from '../../../lib/human-check.ts';
import { contactRequestsKey } from './get-contact-requests.ts';

export type ContactInput = Omit<ContactBody, 'humanCheck'>;

/** POST /wps/cs/contact after the human check; the member's token goes along when logged in. */
export async function sendContact(input: ContactInput): Promise<ContactCreated> {
  const humanCheck = await solveHumanCheck();
  return apiRequest<ContactCreated>('/wps/cs/contact', { method: 'POST', body: { ...input, humanCheck } });
}

export function useSendContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendContact,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactRequestsKey }),
  });
}
