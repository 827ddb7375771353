import { createTransport, type Transporter } from 'nodemailer';
import type { Db } from '../../db/database.ts';

export type EmailMessage = { brandId: string; to: string; subject: string; body: string };

/** Where e-mails go. The built-in provider writes to email_outbox (the demo and tests read there). */
export interface EmailProvider {
  send(message: EmailMessage): Promise<void>;
}

export class OutboxEmailProvider implements EmailProvider {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }
  async send(message: EmailMessage): Promise<void> {
    await this.db
      .insertInto('email_outbox')
      .values({
        brand_id: message.brandId,
        to_address: message.to,
        subject: message.subject,
        body: message.body,
      })
      .execute();
  }
}

/** SMTP server and sender of SmtpEmailProvider (`SMTP_URL`, `SMTP_FROM`). */
export type SmtpSettings = {
  /** `smtp://user:pass@host:587` (STARTTLS when the server offers it) or `smtps://...:465` (TLS). */
  url: string;
  /** The From of every mail: `noreply@example.com` or `Brand <noreply@example.com>`. */
  from: string;
  /** Connection, greeting and socket inactivity limit in milliseconds. */
  timeoutMs?: number;
};

/**
 * Sends each mail as plain text through an SMTP server (nodemailer, one connection per mail). A
 * refusal (authentication, sender, recipient, message) or no answer within `timeoutMs` throws, which
 * the caller answers as `email_send_failed`. Configured by `SMTP_URL` and `SMTP_FROM`; without them
 * the outbox provider (the demo's) stays in use.
 */
export class SmtpEmailProvider implements EmailProvider {
  private readonly transport: Transporter;
  private readonly from: string;

  constructor(settings: SmtpSettings) {
    const timeout = settings.timeoutMs ?? 10_000;
    this.transport = createTransport({
      url: settings.url,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    });
    this.from = settings.from;
  }

  async send(message: EmailMessage): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.body,
    });
  }

  close(): void {
    this.transport.close();
  }
}
