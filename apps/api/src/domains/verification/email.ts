import { createTransport, type Transporter } from 'nodemailer';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';
import { DeliveryError, type EmailTransport, type OutgoingEmail } from './delivery.ts';

export type EmailMessage = { brandId: string; to: string; subject: string; body: string };

/** Where the platform puts an e-mail: always a row of email_outbox first (docs/delivery.md). */
export interface EmailProvider {
  /**
   * Writes the message's outbox row, in `executor` when given (a caller's transaction, so the row
   * and what it carries commit together); returns the row's id.
   */
  send(message: EmailMessage, executor?: Executor): Promise<{ outboxId: string }>;
}

/**
 * Writes each e-mail to email_outbox: `pending` (due now) when an SMTP transport is configured, the
 * worker then sends it; `kept` otherwise (the demo: read in the back office).
 */
export class OutboxEmailProvider implements EmailProvider {
  private readonly db: Db;
  private readonly deliver: boolean;
  constructor(db: Db, deliver = false) {
    this.db = db;
    this.deliver = deliver;
  }
  async send(message: EmailMessage, executor: Executor = this.db): Promise<{ outboxId: string }> {
    const row = await executor
      .insertInto('email_outbox')
      .values({
        brand_id: message.brandId,
        to_address: message.to,
        subject: message.subject,
        body: message.body,
        ...(this.deliver ? { status: 'pending' as const, next_attempt_at: new Date() } : {}),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { outboxId: String(row.id) };
  }
}

/** SMTP server and sender of SmtpEmailTransport (`SMTP_URL`, `SMTP_FROM`). */
export type SmtpSettings = {
  /** `smtp://user:pass@host:587` (STARTTLS when the server offers it) or `smtps://...:465` (TLS). */
  url: string;
  /** The From of every mail: `noreply@example.com` or `Brand <noreply@example.com>`. */
  from: string;
  /** Connection, greeting and socket inactivity limit in milliseconds. */
  timeoutMs?: number;
};

/** The domain of the sender's address (the right side of the Message-ID). */
function senderDomain(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  return address.split('@')[1]?.trim() || 'localhost';
}

/**
 * Sends each mail as plain text through an SMTP server (nodemailer, one connection per mail). The
 * Message-ID is the outbox row's idempotency key, the same on every attempt, so a mail sent again
 * after a lost answer is recognisable as the same message. An SMTP 5xx answer (recipient, sender or
 * message refused) is permanent; no connection, no answer within `timeoutMs` or a 4xx is retried.
 */
export class SmtpEmailTransport implements EmailTransport {
  readonly name = 'smtp';
  private readonly transport: Transporter;
  private readonly from: string;
  private readonly domain: string;

  constructor(settings: SmtpSettings) {
    const timeout = settings.timeoutMs ?? 10_000;
    this.transport = createTransport({
      url: settings.url,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    });
    this.from = settings.from;
    this.domain = senderDomain(settings.from);
  }

  async send(message: OutgoingEmail): Promise<void> {
    try {
      await this.transport.sendMail({
        from: this.from,
        to: message.to,
        subject: message.subject,
        text: message.body,
        messageId: `<${message.key}@${this.domain}>`,
      });
    } catch (error) {
      const code = (error as { responseCode?: unknown }).responseCode;
      const permanent = typeof code === 'number' && code >= 500 && code < 600;
      const reason =
        typeof code === 'number' ? `SMTP ${code}` : ((error as { code?: string }).code ?? 'SMTP error');
      throw new DeliveryError(`${reason}: ${(error as Error).message}`, permanent, { cause: error });
    }
  }

  close(): void {
    this.transport.close();
  }
}
