import { DeliveryError, type OutgoingSms, type SmsTransport } from './delivery.ts';

/** The JSON body sent when no template is configured. */
export const DEFAULT_SMS_TEMPLATE = '{"brandId":"{{brandId}}","to":"{{to}}","text":"{{text}}"}';

const PLACEHOLDER = /\{\{(brandId|to|text|key)\}\}/g;

export type HttpSmsSettings = {
  /** The gateway's endpoint (`SMS_HTTP_URL`); each SMS is one POST. */
  url: string;
  /** Sent as `Authorization: Bearer <token>` when not empty (`SMS_HTTP_TOKEN`). */
  token: string;
  /**
   * The JSON body (`SMS_HTTP_TEMPLATE`): any JSON whose strings may hold `{{to}}` (E.164 number),
   * `{{text}}`, `{{brandId}}` and `{{key}}` (the idempotency key). Filled value by value, never as
   * text, so a message cannot change the body's structure.
   */
  template?: string;
  /** No answer within this many milliseconds is a failed (retried) attempt. */
  timeoutMs?: number;
};

/** The template with its placeholders filled, string by string (a template that is not JSON throws). */
export function fillTemplate(
  template: string,
  values: Record<'brandId' | 'to' | 'text' | 'key', string>,
): unknown {
  const fill = (node: unknown): unknown => {
    if (typeof node === 'string')
      return node.replace(PLACEHOLDER, (_, name: keyof typeof values) => values[name]);
    if (Array.isArray(node)) return node.map(fill);
    if (node && typeof node === 'object') {
      return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, fill(v)]));
    }
    return node;
  };
  return fill(JSON.parse(template));
}

/**
 * A generic HTTP/JSON SMS gateway: each SMS is one POST of the template, with the outbox row's
 * idempotency key in `Idempotency-Key` (the same on every attempt: a gateway that honours it sends
 * a retried message once). A 2xx is delivered; 408, 429, a 5xx, no connection or no answer within
 * `timeoutMs` are retried; any other answer is a permanent refusal (dead letter).
 */
export class HttpSmsTransport implements SmsTransport {
  readonly name = 'http';
  private readonly settings: Required<HttpSmsSettings>;

  constructor(settings: HttpSmsSettings) {
    this.settings = { template: DEFAULT_SMS_TEMPLATE, timeoutMs: 5_000, ...settings };
    fillTemplate(this.settings.template, { brandId: '', to: '', text: '', key: '' });
  }

  async send(message: OutgoingSms): Promise<void> {
    const body = fillTemplate(this.settings.template, {
      brandId: message.brandId,
      to: message.phone,
      text: message.body,
      key: message.key,
    });
    let response: Response;
    try {
      response = await fetch(this.settings.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'idempotency-key': message.key,
          ...(this.settings.token ? { authorization: `Bearer ${this.settings.token}` } : {}),
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
      await response.arrayBuffer();
    } catch (error) {
      const name = (error as Error).name;
      const why =
        name === 'TimeoutError' ? `no answer within ${this.settings.timeoutMs} ms` : 'no connection';
      throw new DeliveryError(`SMS gateway: ${why}`, false, { cause: error });
    }
    if (response.ok) return;
    const status = response.status;
    const transient = status >= 500 || status === 408 || status === 429;
    throw new DeliveryError(`SMS gateway answered ${status}`, !transient);
  }
}
