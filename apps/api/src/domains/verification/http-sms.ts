import type { SmsProvider } from './sms.service.ts';

/**
 * An HTTP SMS gateway: each SMS is one JSON POST `{brandId, to, text}` to `url` with
 * `Authorization: Bearer <token>`; any 2xx is delivered, anything else (or no answer within
 * `timeoutMs`) throws, which the caller answers as `sms_send_failed`. Configured by `SMS_HTTP_URL`
 * and `SMS_HTTP_TOKEN`; without them the outbox provider (the demo's) stays in use.
 */
export class HttpSmsProvider implements SmsProvider {
  private readonly url: string;
  private readonly token: string;
  private readonly timeoutMs: number;

  constructor(options: { url: string; token: string; timeoutMs?: number }) {
    this.url = options.url;
    this.token = options.token;
    this.timeoutMs = options.timeoutMs ?? 5_000;
  }

  async send(message: { brandId: string; phone: string; body: string }): Promise<void> {
    const response = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${this.token}` },
      body: JSON.stringify({ brandId: message.brandId, to: message.phone, text: message.body }),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
  }
}
