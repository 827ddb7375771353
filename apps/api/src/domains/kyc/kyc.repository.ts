import type { DocumentKind, DocumentStatus, KycPolicy, KycState } from '@lotus/contracts/kyc';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';

export type DocumentRow = {
  id: string;
  brandId: string;
  memberId: string;
  username: string;
  memberState: KycState;
  kind: DocumentKind;
  storedName: string;
  mimeType: string;
  sizeBytes: number;
  status: DocumentStatus;
  reason: string;
  note: string;
  reviewedBy: string | null;
  reviewedAt: Date | null;
  createdAt: Date;
};

function documents(db: Executor) {
  return db
    .selectFrom('kyc_documents as d')
    .innerJoin('members as m', 'm.id', 'd.member_id')
    .leftJoin('kyc_members as k', 'k.member_id', 'd.member_id')
    .select([
      'd.id',
      'd.brand_id as brandId',
      'd.member_id as memberId',
      'm.username',
      sql<KycState>`coalesce(k.state, 'none')`.as('memberState'),
      'd.kind',
      'd.stored_name as storedName',
      'd.mime_type as mimeType',
      'd.size_bytes as sizeBytes',
      'd.status',
      'd.reason',
      'd.operator_note as note',
      'd.reviewed_by as reviewedBy',
      'd.reviewed_at as reviewedAt',
      'd.created_at as createdAt',
    ]);
}

export async function findDocument(
  db: Executor,
  brandId: string,
  id: string,
): Promise<DocumentRow | undefined> {
  return documents(db).where('d.brand_id', '=', brandId).where('d.id', '=', id).executeTakeFirst();
}

export async function memberDocuments(db: Executor, memberId: string): Promise<DocumentRow[]> {
  return documents(db).where('d.member_id', '=', memberId).orderBy('d.id', 'desc').limit(100).execute();
}

export async function documentQueue(
  db: Executor,
  brandId: string,
  status: DocumentStatus | undefined,
  page: number,
  size: number,
): Promise<{ rows: DocumentRow[]; total: number }> {
  let q = documents(db).where('d.brand_id', '=', brandId);
  if (status) q = q.where('d.status', '=', status);
  const [rows, count] = await Promise.all([
    q
      .orderBy('d.id', status === 'pending' || status === undefined ? 'asc' : 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    db
      .selectFrom('kyc_documents')
      .select(sql<string>`count(*)`.as('n'))
      .where('brand_id', '=', brandId)
      .$if(status !== undefined, (w) => w.where('status', '=', status as DocumentStatus))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function insertDocument(
  db: Executor,
  doc: {
    brandId: string;
    memberId: string;
    kind: DocumentKind;
    storedName: string;
    mimeType: string;
    sizeBytes: number;
  },
): Promise<string> {
  const row = await db
    .insertInto('kyc_documents')
    .values({
      brand_id: doc.brandId,
      member_id: doc.memberId,
      kind: doc.kind,
      stored_name: doc.storedName,
      mime_type: doc.mimeType,
      size_bytes: doc.sizeBytes,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The conditional decision: false when the document was no longer in `from`. */
export async function decideDocument(
  db: Executor,
  id: string,
  change: {
    from: DocumentStatus;
    to: DocumentStatus;
    reason: string;
    note: string;
    operatorId: string | null;
  },
): Promise<boolean> {
  const row = await db
    .updateTable('kyc_documents')
    .set({
      status: change.to,
      reason: change.reason,
      operator_note: change.note,
      reviewed_by: change.operatorId,
      reviewed_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .where('status', '=', change.from)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function approvedKinds(db: Executor, memberId: string): Promise<Set<DocumentKind>> {
  const rows = await db
    .selectFrom('kyc_documents')
    .select('kind')
    .distinct()
    .where('member_id', '=', memberId)
    .where('status', '=', 'approved')
    .execute();
  return new Set(rows.map((r) => r.kind));
}

/** The member's state row, created as `none` when missing and locked until the transaction ends. */
export async function lockMemberState(db: Executor, brandId: string, memberId: string): Promise<KycState> {
  await db
    .insertInto('kyc_members')
    .values({ member_id: memberId, brand_id: brandId })
    .onConflict((oc) => oc.column('member_id').doNothing())
    .execute();
  const row = await db
    .selectFrom('kyc_members')
    .select('state')
    .where('member_id', '=', memberId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return row.state;
}

export async function setMemberState(
  db: Executor,
  change: {
    brandId: string;
    memberId: string;
    from: KycState;
    to: KycState;
    actorType: 'member' | 'operator' | 'system';
    actorId: string | null;
    reason: string;
  },
): Promise<void> {
  if (change.from === change.to) return;
  await db
    .updateTable('kyc_members')
    .set({ state: change.to, updated_at: sql<Date>`now()` })
    .where('member_id', '=', change.memberId)
    .execute();
  await db
    .insertInto('kyc_state_history')
    .values({
      brand_id: change.brandId,
      member_id: change.memberId,
      from_state: change.from,
      to_state: change.to,
      actor_type: change.actorType,
      actor_id: change.actorId,
      reason: change.reason,
    })
    .execute();
}

export async function stateHistory(db: Executor, memberId: string) {
  return db
    .selectFrom('kyc_state_history as h')
    .leftJoin('operators as o', 'o.id', 'h.actor_id')
    .select([
      'h.from_state as from',
      'h.to_state as to',
      'h.actor_type as actorType',
      sql<string | null>`case when h.actor_type = 'operator' then o.username else null end`.as('actor'),
      'h.reason',
      'h.created_at as createdAt',
    ])
    .where('h.member_id', '=', memberId)
    .orderBy('h.id', 'desc')
    .limit(100)
    .execute();
}

export async function memberOfBrand(
  db: Executor,
  brandId: string,
  memberId: string,
): Promise<{ id: string; birthday: string } | undefined> {
  return db
    .selectFrom('members')
    .select(['id', 'birthday'])
    .where('brand_id', '=', brandId)
    .where('id', '=', memberId)
    .executeTakeFirst();
}

export async function savePolicy(
  db: Executor,
  brandId: string,
  policy: KycPolicy,
  gated: boolean,
): Promise<void> {
  const values = {
    minimum_age: policy.minimumAge,
    policy: JSON.stringify(policy),
    play_gated: gated,
    updated_at: new Date(),
  };
  await db
    .insertInto('kyc_settings')
    .values({ brand_id: brandId, ...values })
    .onConflict((oc) => oc.column('brand_id').doUpdateSet(values))
    .execute();
}
