import type { CreatedAt, Defaulted, Id } from '../../db/column-types.ts';

export interface SmsCodesTable {
  id: Id;
  brand_id: string;
  phone: string;
  purpose: string;
  code_hash: string;
  attempts: Defaulted<number>;
  expires_at: Date;
  consumed_at: Date | null;
  created_at: CreatedAt;
}

export type OutboxStatus = 'kept' | 'pending' | 'sending' | 'sent' | 'dead';

export interface OutboxSmsTable {
  id: Id;
  brand_id: string;
  phone: string;
  body: string;
  /** kept (no provider: the demo's), pending, sending (claimed until next_attempt_at), sent, dead. */
  status: Defaulted<OutboxStatus>;
  attempts: Defaulted<number>;
  next_attempt_at: Date | null;
  last_error: string | null;
  sent_at: Date | null;
  /** The idempotency key every attempt of the row gives the provider. */
  delivery_key: Defaulted<string>;
  created_at: CreatedAt;
}

export interface OutboxEmailTable {
  id: Id;
  brand_id: string;
  to_address: string;
  subject: string;
  body: string;
  /** kept (no provider: the demo's), pending, sending (claimed until next_attempt_at), sent, dead. */
  status: Defaulted<OutboxStatus>;
  attempts: Defaulted<number>;
  next_attempt_at: Date | null;
  last_error: string | null;
  sent_at: Date | null;
  /** The idempotency key every attempt of the row gives the provider. */
  delivery_key: Defaulted<string>;
  created_at: CreatedAt;
}

export interface CaptchaChallengesTable {
  id: string;
  brand_id: string;
  client_key: string;
  answer_hash: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: CreatedAt;
}

export interface HumanChecksUsedTable {
  challenge_id: string;
  expires_at: Date;
}

/** The verification domain's tables, merged into the Database type (db/schema.ts). */
export interface VerificationTables {
  /** Created by migration 0002_accounts. */
  sms_codes: SmsCodesTable;
  /** Created by migration 0002_accounts. */
  sms_outbox: OutboxSmsTable;
  /** Created by migration 0002_accounts. */
  email_outbox: OutboxEmailTable;
  /** Created by migration 0002_accounts. */
  captcha_challenges: CaptchaChallengesTable;
  /** Created by migration 0002_accounts. */
  human_checks_used: HumanChecksUsedTable;
}
