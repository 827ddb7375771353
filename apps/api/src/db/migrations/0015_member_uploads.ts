import { type Kysely, sql } from 'kysely';

/**
 * Every file a member stores (avatar, deposit receipt, withdrawal proof) with its size, written by
 * the uploads module in the transaction that keeps the file, so a member's stored bytes can be capped
 * (UPLOAD_QUOTA_BYTES) and a replaced avatar's row and file go together.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table member_uploads (
      stored_name text primary key,
      brand_id bigint not null references brands (id) on delete cascade,
      member_id bigint not null references members (id) on delete cascade,
      kind text not null check (kind in ('avatar', 'deposit_receipt', 'withdrawal_proof')),
      size_bytes integer not null check (size_bytes >= 0),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index member_uploads_member on member_uploads (member_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table member_uploads`.execute(db);
}
