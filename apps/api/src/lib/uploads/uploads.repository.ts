import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { MemberUploadsTable } from '../../db/schema.ts';

export type UploadKind = MemberUploadsTable['kind'];

export type NewMemberUpload = {
  storedName: string;
  brandId: string;
  memberId: string;
  kind: UploadKind;
  sizeBytes: number;
};

/**
 * Serialises one member's uploads until the transaction ends, so two concurrent uploads cannot both
 * pass the quota check.
 */
export async function lockMemberUploads(trx: Db, memberId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`member_uploads:${memberId}`}, 0))`.execute(trx);
}

export async function memberStoredBytes(db: Db, memberId: string): Promise<number> {
  const row = await db
    .selectFrom('member_uploads')
    .select(sql<string>`coalesce(sum(size_bytes), 0)`.as('bytes'))
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  return Number(row.bytes);
}

export async function insertMemberUpload(db: Db, upload: NewMemberUpload): Promise<void> {
  await db
    .insertInto('member_uploads')
    .values({
      stored_name: upload.storedName,
      brand_id: upload.brandId,
      member_id: upload.memberId,
      kind: upload.kind,
      size_bytes: upload.sizeBytes,
    })
    .execute();
}

export async function deleteMemberUpload(db: Db, storedName: string): Promise<void> {
  await db.deleteFrom('member_uploads').where('stored_name', '=', storedName).execute();
}
