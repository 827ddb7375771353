import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /wps/member/password/email: the answer's message is the in_been_out text. */
export function forgotPasswordByEmail(input: {
  username: string;
  email: string;
}): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('/wps/member/password/email', { method: 'POST', body: input });
}

export function useForgotPasswordByEmail() {
  return useMutation({ mutationFn: forgotPasswordByEmail });
}
