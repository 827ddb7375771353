import type { QueryClient } from '@tanstack/react-query';
import { freePlay } from '../api/free-play.ts';
import { login } from '../api/login.ts';
import { verifyLogin } from '../api/verify-login.ts';
import { completeLogin } from './complete-login.ts';

/**
 * The login calls and what follows them, in one lazily loaded module: the header's login box stays
 * light and pulls the encryption and the flow on submit only.
 */
export async function passwordLogin(
  input: { username: string; password: string; captcha?: string; captchaId?: string },
  queryClient: QueryClient,
): Promise<void> {
  const result = await login({ type: 'username', ...input });
  await completeLogin(result, queryClient, 'username', input.password);
}

export async function smsLogin(
  input: { mobileNum: string; countryDialingCode: string; verificationCode: string },
  queryClient: QueryClient,
): Promise<void> {
  const result = await login({ type: 'sms', ...input });
  await completeLogin(result, queryClient, 'sms');
}

export async function verificationLogin(
  input: { username: string; password: string; verificationCode: string },
  queryClient: QueryClient,
): Promise<void> {
  const result = await verifyLogin(input);
  await completeLogin(result, queryClient, 'verification', input.password);
}

export async function freePlayLogin(queryClient: QueryClient, birthday: string): Promise<void> {
  await completeLogin(await freePlay(birthday), queryClient, 'freeplay');
}
