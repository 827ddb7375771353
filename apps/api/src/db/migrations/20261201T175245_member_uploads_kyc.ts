import { type Kysely, sql } from 'kysely';

/**
 * KYC documents (issue 25) are member uploads like avatars and receipts: they count against the
 * member's upload quota, so `member_uploads.kind` gains `kyc_document`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table member_uploads drop constraint member_uploads_kind_check`.execute(db);
  await sql`
    alter table member_uploads add constraint member_uploads_kind_check
      check (kind in ('avatar', 'deposit_receipt', 'withdrawal_proof', 'kyc_document'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from member_uploads where kind = 'kyc_document'`.execute(db);
  await sql`alter table member_uploads drop constraint member_uploads_kind_check`.execute(db);
  await sql`
    alter table member_uploads add constraint member_uploads_kind_check
      check (kind in ('avatar', 'deposit_receipt', 'withdrawal_proof'))`.execute(db);
}
