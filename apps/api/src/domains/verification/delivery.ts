import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { Tx } from '../../db/executor.ts';
import { type Channel, claimDue, markFailed, markSent } from './delivery.repository.ts';

/**
 * Real delivery behind the outboxes (docs/delivery.md). Every SMS and e-mail is first a row of its
 * outbox (`sms_outbox`, `email_outbox`); a process with the worker role claims the due rows of each
 * channel that has a transport configured and hands them to it. A transport is the small provider
 * interface below: it sends one message with the row's idempotency key and throws a DeliveryError
 * saying whether another attempt could succeed.
 */
export type { Channel };

/** One message to send: the outbox row's text and its idempotency key (the same on every attempt). */
export type OutgoingSms = { brandId: string; phone: string; body: string; key: string };
export type OutgoingEmail = { brandId: string; to: string; subject: string; body: string; key: string };

export interface SmsTransport {
  /** A name for logs and the back office (`http`). */
  readonly name: string;
  send(message: OutgoingSms): Promise<void>;
}

export interface EmailTransport {
  readonly name: string;
  send(message: OutgoingEmail): Promise<void>;
  /** Releases connections (at shutdown). */
  close?(): void;
}

export type Transports = { sms?: SmsTransport; email?: EmailTransport };

/**
 * What a domain withdraws when a message of `channel` ends dead (a reset link whose e-mail never
 * arrived): called with the row's id in the transaction that marks it dead, so the row is never
 * dead with its link still valid. Declared by a domain module (`deadLetters`).
 */
export type DeadLetterHandler = {
  channel: Channel;
  name: string;
  withdraw(trx: Tx, outboxId: string): Promise<void>;
};

/**
 * A failed attempt. `permanent`: the provider refused the message itself (an unknown recipient, a
 * refused sender, a 4xx of the gateway): retrying cannot help, the row goes to the dead letters at
 * once. Anything else (no connection, no answer in time, a 5xx, 408, 429, an SMTP 4xx) is retried.
 */
export class DeliveryError extends Error {
  readonly permanent: boolean;
  constructor(message: string, permanent: boolean, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DeliveryError';
    this.permanent = permanent;
  }
}

export type DeliverySettings = {
  /** Attempts of one row before it is dead-lettered (default 5). */
  maxAttempts: number;
  /** Wait after the first failed attempt; doubled after each further one (default 30 s). */
  retrySeconds: number;
  /** The longest wait between two attempts (default 1 h). */
  maxRetrySeconds: number;
  /**
   * How long a claimed row stays with its worker (default 120 s, longer than any transport's own
   * time limit): a worker that died while sending leaves the row to be claimed again after it.
   */
  leaseSeconds: number;
  /** Rows claimed per channel and pass (default 20). */
  batchSize: number;
};

export const DEFAULT_DELIVERY: DeliverySettings = {
  maxAttempts: 5,
  retrySeconds: 30,
  maxRetrySeconds: 3_600,
  leaseSeconds: 120,
  batchSize: 20,
};

/** The wait after failed attempt number `attempt` (1-based): retrySeconds doubled per attempt, capped. */
export function retryDelaySeconds(attempt: number, settings: DeliverySettings): number {
  return Math.min(settings.maxRetrySeconds, settings.retrySeconds * 2 ** Math.max(0, attempt - 1));
}

/** An error as it may be shown to operators: the message only, one line, at most 300 characters. */
export function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, ' ').trim().slice(0, 300) || 'unknown error';
}

export type PassResult = { sent: number; retried: number; dead: number };

/**
 * One pass over one channel: claim up to batchSize due rows (skipping rows another worker holds),
 * send each, record the outcome. Only the claim that is still the row's current one records it (a
 * worker whose lease ran out and was taken over records nothing).
 */
export async function deliverDue(
  db: Db,
  channel: Channel,
  transports: Transports,
  now: Date = new Date(),
  settings: DeliverySettings = DEFAULT_DELIVERY,
  deadLetters: readonly DeadLetterHandler[] = [],
): Promise<PassResult> {
  const result: PassResult = { sent: 0, retried: 0, dead: 0 };
  const transport = channel === 'sms' ? transports.sms : transports.email;
  if (!transport) return result;
  const rows = await claimDue(db, channel, now, settings);
  for (const row of rows) {
    try {
      if (channel === 'sms') {
        await (transport as SmsTransport).send({
          brandId: row.brand_id,
          phone: row.recipient,
          body: row.body,
          key: row.delivery_key,
        });
      } else {
        await (transport as EmailTransport).send({
          brandId: row.brand_id,
          to: row.recipient,
          subject: row.subject ?? '',
          body: row.body,
          key: row.delivery_key,
        });
      }
      if (await markSent(db, channel, row, new Date())) result.sent += 1;
    } catch (error) {
      const permanent = error instanceof DeliveryError && error.permanent;
      const dead = permanent || row.attempts >= settings.maxAttempts;
      const retryAt = new Date(now.getTime() + retryDelaySeconds(row.attempts, settings) * 1000);
      const outcome = { dead, retryAt, error: errorText(error) };
      const handlers = dead ? deadLetters.filter((h) => h.channel === channel) : [];
      const marked =
        handlers.length === 0
          ? await markFailed(db, channel, row, outcome)
          : await db.transaction().execute(async (trx) => {
              if (!(await markFailed(trx, channel, row, outcome))) return false;
              for (const handler of handlers) await handler.withdraw(trx, row.id);
              return true;
            });
      if (marked) {
        if (dead) result.dead += 1;
        else result.retried += 1;
      }
    }
  }
  return result;
}

export type DeliveryRunner = { stop: () => Promise<void> };

/** Pause between passes (each pass takes every due row of a channel, batch after batch). */
export const DEFAULT_DELIVERY_POLL_MS = 1_000;

/** The worker's loop: a pass per configured channel, again while a batch came back full. */
export function startDeliveryRunner(
  db: Db,
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>,
  transports: Transports,
  options: { pollMs?: number; settings?: DeliverySettings; deadLetters?: readonly DeadLetterHandler[] } = {},
): DeliveryRunner {
  const channels = (['sms', 'email'] as const).filter((c) => transports[c] !== undefined);
  const settings = options.settings ?? DEFAULT_DELIVERY;
  const controller = new AbortController();
  const loop = (async () => {
    while (!controller.signal.aborted && channels.length > 0) {
      for (const channel of channels) {
        try {
          for (;;) {
            const pass = await deliverDue(db, channel, transports, new Date(), settings, options.deadLetters);
            if (pass.sent + pass.retried + pass.dead > 0) log.info({ channel, ...pass }, 'outbox delivery');
            if (pass.dead > 0) log.warn({ channel, dead: pass.dead }, 'outbox messages dead-lettered');
            if (pass.sent + pass.retried + pass.dead < settings.batchSize || controller.signal.aborted) break;
          }
        } catch (err) {
          log.error({ err, channel }, 'outbox delivery failed');
        }
      }
      await sleep(options.pollMs ?? DEFAULT_DELIVERY_POLL_MS, undefined, {
        signal: controller.signal,
        ref: false,
      }).catch(() => undefined);
    }
  })();
  return {
    stop: async () => {
      controller.abort();
      await loop;
    },
  };
}
