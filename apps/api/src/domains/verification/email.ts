import type { Db } from '../../db/database.ts';

/** Where e-mails go. The built-in provider writes to email_outbox (the demo and tests read there). */
export interface EmailProvider {
  send(message: { brandId: string; to: string; subject: string; body: string }): Promise<void>;
}

export class OutboxEmailProvider implements EmailProvider {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }
  async send(message: { brandId: string; to: string; subject: string; body: string }): Promise<void> {
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
