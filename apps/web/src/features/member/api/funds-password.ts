import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MEMBER_INFO_KEY } from '../../../lib/member-data.ts';
import { sealedRequest } from '../../../lib/sealed-request.ts';

export type FundsPasswordInput = {
  password?: string;
  oldFundsPassword?: string;
  newFundsPassword: string;
  confirmFundsPassword: string;
};

/** POST /wps/member/fundsPassword (T, E): set with the login password, or change with the old one. */
export function setFundsPassword(input: FundsPasswordInput): Promise<{ hasFundsPassword: boolean }> {
  return sealedRequest<{ hasFundsPassword: boolean }>('/wps/member/fundsPassword', 'POST', input);
}

export function useSetFundsPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setFundsPassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MEMBER_INFO_KEY }),
  });
}
