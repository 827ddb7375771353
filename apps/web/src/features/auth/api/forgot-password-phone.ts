import type { LoginResult } from '@lotus/contracts/accounts';
import { useMutation } from '@tanstack/react-query';
import { sealedRequest } from '../../../lib/sealed-request.ts';

export type ForgotByPhoneInput = {
  mobileNum: string;
  countryDialingCode: string;
  verificationCode: string;
  newPassword: string;
  confirmNewPassword: string;
};

/** POST /wps/member/password/verification (E, CHNGPASSVERIF3): sets the password and logs in. */
export function forgotPasswordByPhone(input: ForgotByPhoneInput): Promise<LoginResult> {
  return sealedRequest<LoginResult>('/wps/member/password/verification', 'POST', input);
}

export function useForgotPasswordByPhone() {
  return useMutation({ mutationFn: forgotPasswordByPhone });
}
