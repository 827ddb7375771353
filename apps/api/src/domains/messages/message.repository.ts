import { type ExpressionBuilder, sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import { pageNewestFirst } from '../../db/paging.ts';
import type { Database } from '../../db/schema.ts';

export type MessageRow = {
  id: string;
  audience: 'all' | 'members';
  titleEn: string;
  titleMs: string;
  titleCn: string;
  contentEn: string;
  contentMs: string;
  contentCn: string;
  publishAt: Date;
  withdrawnAt: Date | null;
  createdBy: string | null;
  createdAt: Date;
};

export type InboxRow = MessageRow & { readAt: Date | null };

export type NewMessage = {
  brandId: string;
  audience: 'all' | 'members';
  title: { en: string; ms: string; cn: string };
  content: { en: string; ms: string; cn: string };
  publishAt: Date;
  createdBy: string | null;
};

type Reader = { brandId: string; memberId: string; now: Date };

const messageColumns = [
  'm.id',
  'm.audience',
  'm.title_en as titleEn',
  'm.title_ms as titleMs',
  'm.title_cn as titleCn',
  'm.content_en as contentEn',
  'm.content_ms as contentMs',
  'm.content_cn as contentCn',
  'm.publish_at as publishAt',
  'm.withdrawn_at as withdrawnAt',
  'm.created_by as createdBy',
  'm.created_at as createdAt',
] as const;

/**
 * The messages a member may see: the brand's, published, not withdrawn, a broadcast or one naming
 * the member, and not hidden by the member. `s` is the member's state row (left-joined).
 */
function inbox(db: Executor, reader: Reader) {
  return db
    .selectFrom('messages as m')
    .leftJoin('message_states as s', (join) =>
      join.onRef('s.message_id', '=', 'm.id').on('s.member_id', '=', reader.memberId),
    )
    .where('m.brand_id', '=', reader.brandId)
    .where('m.publish_at', '<=', reader.now)
    .where('m.withdrawn_at', 'is', null)
    .where('s.hidden_at', 'is', null)
    .where((eb: ExpressionBuilder<Database & { m: Database['messages'] }, 'm'>) =>
      eb.or([
        eb('m.audience', '=', 'all'),
        eb.exists(
          eb
            .selectFrom('message_recipients as r')
            .select('r.message_id')
            .whereRef('r.message_id', '=', 'm.id')
            .where('r.member_id', '=', reader.memberId),
        ),
      ]),
    );
}

export async function listInbox(
  db: Executor,
  reader: Reader,
  options: { unreadOnly: boolean; limit: number; offset: number },
): Promise<InboxRow[]> {
  let query = inbox(db, reader);
  if (options.unreadOnly) query = query.where('s.read_at', 'is', null);
  const rows = await query
    .select([...messageColumns, 's.read_at as readAt'])
    .orderBy('m.publish_at', 'desc')
    .orderBy('m.id', 'desc')
    .limit(options.limit)
    .offset(options.offset)
    .execute();
  return rows as InboxRow[];
}

export async function countInbox(db: Executor, reader: Reader): Promise<{ total: number; unread: number }> {
  const row = await inbox(db, reader)
    .select([
      sql<string>`count(*)`.as('total'),
      sql<string>`count(*) filter (where s.read_at is null)`.as('unread'),
    ])
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), unread: Number(row.unread) };
}

export async function findInboxMessage(
  db: Executor,
  reader: Reader,
  id: string,
): Promise<InboxRow | undefined> {
  const row = await inbox(db, reader)
    .where('m.id', '=', id)
    .select([...messageColumns, 's.read_at as readAt'])
    .executeTakeFirst();
  return row as InboxRow | undefined;
}

/** Marks read (the first time only: a later read keeps the first time). */
export async function markRead(db: Executor, memberId: string, messageIds: string[], now: Date) {
  if (messageIds.length === 0) return;
  await db
    .insertInto('message_states')
    .values(messageIds.map((id) => ({ message_id: id, member_id: memberId, read_at: now, hidden_at: null })))
    .onConflict((oc) =>
      oc.columns(['member_id', 'message_id']).doUpdateSet({
        read_at: sql`coalesce(message_states.read_at, excluded.read_at)`,
      }),
    )
    .execute();
}

/** Hides the message from the member's inbox (and counts it read). */
export async function markHidden(db: Executor, memberId: string, messageId: string, now: Date) {
  await db
    .insertInto('message_states')
    .values({ message_id: messageId, member_id: memberId, read_at: now, hidden_at: now })
    .onConflict((oc) =>
      oc.columns(['member_id', 'message_id']).doUpdateSet({
        read_at: sql`coalesce(message_states.read_at, excluded.read_at)`,
        hidden_at: sql`coalesce(message_states.hidden_at, excluded.hidden_at)`,
      }),
    )
    .execute();
}

/** Ids of the unread messages of the member's inbox (for "mark all read"). */
export async function unreadIds(db: Executor, reader: Reader): Promise<string[]> {
  const rows = await inbox(db, reader).where('s.read_at', 'is', null).select('m.id').execute();
  return rows.map((r) => r.id);
}

// Back office

/** Member ids of the brand for the given user names (case as stored, lower-cased lookups). */
export async function membersByUsername(
  db: Executor,
  brandId: string,
  usernames: string[],
): Promise<{ id: string; username: string }[]> {
  if (usernames.length === 0) return [];
  return db
    .selectFrom('members')
    .select(['id', 'username'])
    .where('brand_id', '=', brandId)
    .where(
      sql<string>`lower(username)`,
      'in',
      usernames.map((u) => u.toLowerCase()),
    )
    .execute();
}

export async function insertMessage(db: Executor, message: NewMessage): Promise<string> {
  const row = await db
    .insertInto('messages')
    .values({
      brand_id: message.brandId,
      audience: message.audience,
      title_en: message.title.en,
      title_ms: message.title.ms,
      title_cn: message.title.cn,
      content_en: message.content.en,
      content_ms: message.content.ms,
      content_cn: message.content.cn,
      publish_at: message.publishAt,
      created_by: message.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertRecipients(db: Executor, messageId: string, memberIds: string[]) {
  if (memberIds.length === 0) return;
  await db
    .insertInto('message_recipients')
    .values(memberIds.map((member_id) => ({ message_id: messageId, member_id })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export type OperatorMessageRow = MessageRow & { recipients: number; reads: number };

function operatorSelect(db: Executor, brandId: string) {
  return db
    .selectFrom('messages as m')
    .where('m.brand_id', '=', brandId)
    .select([
      ...messageColumns,
      (eb) =>
        eb
          .selectFrom('message_recipients as r')
          .select(sql<string>`count(*)`.as('n'))
          .whereRef('r.message_id', '=', 'm.id')
          .as('recipients'),
      (eb) =>
        eb
          .selectFrom('message_states as s')
          .select(sql<string>`count(*)`.as('n'))
          .whereRef('s.message_id', '=', 'm.id')
          .where('s.read_at', 'is not', null)
          .as('reads'),
    ]);
}

function toOperatorRow(row: Record<string, unknown>): OperatorMessageRow {
  return { ...(row as MessageRow), recipients: Number(row.recipients ?? 0), reads: Number(row.reads ?? 0) };
}

export async function listMessages(
  db: Executor,
  brandId: string,
  filter: { state?: 'scheduled' | 'published' | 'withdrawn'; now: Date },
  page: number,
  size: number,
): Promise<{ items: OperatorMessageRow[]; total: number }> {
  let list = operatorSelect(db, brandId);
  if (filter.state === 'withdrawn') {
    list = list.where('m.withdrawn_at', 'is not', null);
  } else if (filter.state === 'scheduled') {
    list = list.where('m.withdrawn_at', 'is', null).where('m.publish_at', '>', filter.now);
  } else if (filter.state === 'published') {
    list = list.where('m.withdrawn_at', 'is', null).where('m.publish_at', '<=', filter.now);
  }
  const { items, total } = await pageNewestFirst(list, 'm.id', page, size);
  return { items: items.map(toOperatorRow), total };
}

export async function findMessage(
  db: Executor,
  brandId: string,
  id: string,
): Promise<OperatorMessageRow | undefined> {
  const row = await operatorSelect(db, brandId).where('m.id', '=', id).executeTakeFirst();
  return row ? toOperatorRow(row) : undefined;
}

/** Withdraws a message not yet withdrawn; false when it already was (or is not the brand's). */
export async function withdrawMessage(
  db: Executor,
  brandId: string,
  id: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('messages')
    .set({ withdrawn_at: now })
    .where('brand_id', '=', brandId)
    .where('id', '=', id)
    .where('withdrawn_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
