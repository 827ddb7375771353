import { apiRequest } from '../../../lib/api-client.ts';

export type Captcha = { captchaId: string; image: string };

/** GET /wps/captcha: a PNG as base64 and the id to send back with the answer. */
export function getCaptcha(): Promise<Captcha> {
  return apiRequest<Captcha>('/wps/captcha');
}
