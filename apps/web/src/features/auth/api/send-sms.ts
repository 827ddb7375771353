import { apiRequest } from '../../../lib/api-client.ts';

export type SmsTarget = { mobileNum: string; countryDialingCode: string; humanCheck: string };
export type SmsPurpose = 'register' | 'noLogin';

/**
 * POST /wps/verification/sms/register (registration) or /wps/verification/sms/noLogin (SMS login,
 * forgot password by phone); both need the human check and answer expiredMinutes.
 */
export function sendSms(purpose: SmsPurpose, target: SmsTarget): Promise<{ expiredMinutes: number }> {
  return apiRequest<{ expiredMinutes: number }>(`/wps/verification/sms/${purpose}`, {
    method: 'POST',
    body: purpose === 'register' ? { ...target, mobileNo: target.mobileNum } : target,
  });
}
