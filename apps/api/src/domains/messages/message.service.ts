import type { SupportedLanguage } from '@lotus/contracts/languages';
import {
  characterCountOf,
  type InboxMessage,
  type InboxPage,
  type InboxQuery,
  MESSAGE_RULES,
  type MessageState,
  type NewMessageBody,
  type OperatorMessage,
  type OperatorMessagePage,
  type OperatorMessageQuery,
} from '@lotus/contracts/messages';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { pickText } from '../../lib/localised.ts';
import { sanitizeRichText } from '../../lib/sanitize.ts';
import { excludedMembers } from '../exclusion/exclusion.service.ts';
import { recordAudit } from '../operators/audit.service.ts';
import type { OperatorContext } from '../operators/operator-session.service.ts';
import {
  countInbox,
  findInboxMessage,
  findMessage,
  type InboxRow,
  insertMessage,
  insertRecipients,
  listInbox,
  listMessages,
  markHidden,
  markRead,
  membersByUsername,
  type OperatorMessageRow,
  unreadIds,
  withdrawMessage,
} from './message.repository.ts';

export type MessageReader = { brandId: string; memberId: string };

function present(row: InboxRow, language: SupportedLanguage): InboxMessage {
  return {
    id: row.id,
    title: pickText({ en: row.titleEn, ms: row.titleMs, cn: row.titleCn }, language),
    content: sanitizeRichText(
      pickText({ en: row.contentEn, ms: row.contentMs, cn: row.contentCn }, language),
    ),
    audience: row.audience,
    read: row.readAt !== null,
    timestamp: row.publishAt.getTime(),
  };
}

/** The member's inbox, newest first, with its totals. */
export async function inboxPage(
  db: Db,
  reader: MessageReader,
  query: InboxQuery,
  language: SupportedLanguage,
  now = new Date(),
): Promise<InboxPage> {
  const page = query.page ?? 1;
  const size = query.size ?? 20;
  const who = { ...reader, now };
  const [rows, counts] = await Promise.all([
    listInbox(db, who, { unreadOnly: query.unread === true, limit: size, offset: (page - 1) * size }),
    countInbox(db, who),
  ]);
  return {
    items: rows.map((r) => present(r, language)),
    total: query.unread === true ? counts.unread : counts.total,
    unread: counts.unread,
    page,
    size,
  };
}

/** `CSP_unreadCount`: the number of unread messages in the member's inbox. */
export async function unreadCount(db: Db, reader: MessageReader, now = new Date()): Promise<number> {
  return (await countInbox(db, { ...reader, now })).unread;
}

/** Opens one message of the member's inbox and marks it read; another's is message_not_found. */
export async function readMessage(
  db: Db,
  reader: MessageReader,
  id: string,
  language: SupportedLanguage,
  now = new Date(),
): Promise<InboxMessage> {
  const row = await findInboxMessage(db, { ...reader, now }, id);
  if (!row) throw new AppError('message_not_found');
  if (row.readAt === null) await markRead(db, reader.memberId, [row.id], now);
  return present({ ...row, readAt: row.readAt ?? now }, language);
}

/** Marks every message of the member's inbox read; answers the unread count (0). */
export async function readAllMessages(db: Db, reader: MessageReader, now = new Date()): Promise<number> {
  const ids = await unreadIds(db, { ...reader, now });
  await markRead(db, reader.memberId, ids, now);
  return unreadCount(db, reader, now);
}

/** Deletes a message from the member's inbox (for this member only). */
export async function hideMessage(
  db: Db,
  reader: MessageReader,
  id: string,
  now = new Date(),
): Promise<void> {
  const row = await findInboxMessage(db, { ...reader, now }, id);
  if (!row) throw new AppError('message_not_found');
  await markHidden(db, reader.memberId, row.id, now);
}

// Back office

function stateOf(row: OperatorMessageRow, now: Date): MessageState {
  if (row.withdrawnAt) return 'withdrawn';
  return row.publishAt.getTime() > now.getTime() ? 'scheduled' : 'published';
}

function toOperator(row: OperatorMessageRow, now: Date): OperatorMessage {
  return {
    id: row.id,
    title: { en: row.titleEn, ms: row.titleMs, cn: row.titleCn },
    content: { en: row.contentEn, ms: row.contentMs, cn: row.contentCn },
    audience: row.audience,
    recipients: row.recipients,
    reads: row.reads,
    state: stateOf(row, now),
    publishAt: row.publishAt.toISOString(),
    withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function messageQueue(
  db: Db,
  brandId: string,
  query: OperatorMessageQuery,
  now = new Date(),
): Promise<OperatorMessagePage> {
  const page = query.page ?? 1;
  const size = query.size ?? 20;
  const { items, total } = await listMessages(
    db,
    brandId,
    { ...(query.state ? { state: query.state } : {}), now },
    page,
    size,
  );
  return { items: items.map((r) => toOperator(r, now)), total, page, size };
}

/** Trimmed title, 1-120 characters, no control characters. */
function title(text: string | undefined): string | null {
  const value = (text ?? '').trim();
  if (value === '') return null;
  if (characterCountOf(value) > MESSAGE_RULES.titleMaxLength || hasControlCharacter(value)) {
    throw new AppError('message_title_invalid');
  }
  return value;
}

/** Sanitised HTML body, 1-20,000 characters after sanitising (empty when only markup remains). */
function body(html: string | undefined): string | null {
  if (html === undefined || html.trim() === '') return null;
  if (html.includes('\u0000')) throw new AppError('message_content_invalid');
  const clean = sanitizeRichText(html).trim();
  if (clean === '' || characterCountOf(clean) > MESSAGE_RULES.contentMaxLength) {
    throw new AppError('message_content_invalid');
  }
  return clean;
}

function hasControlCharacter(text: string): boolean {
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

const YEAR_MS = 366 * 24 * 3600 * 1000;

/**
 * Sends (or schedules) a message: EN title and body required, MS and CN fall back to EN; a
 * targeted message names 1-1,000 existing members of the brand (an unknown name refuses the whole
 * message). The message, its recipients and the audit row commit together.
 */
export async function sendMessage(
  db: Db,
  brandId: string,
  operator: OperatorContext & { ip: string },
  input: NewMessageBody,
  now = new Date(),
): Promise<OperatorMessage> {
  const titleEn = title(input.title.en);
  if (titleEn === null) throw new AppError('message_title_invalid');
  const contentEn = body(input.content.en);
  if (contentEn === null) throw new AppError('message_content_invalid');
  const titles = { en: titleEn, ms: title(input.title.ms) ?? titleEn, cn: title(input.title.cn) ?? titleEn };
  const contents = {
    en: contentEn,
    ms: body(input.content.ms) ?? contentEn,
    cn: body(input.content.cn) ?? contentEn,
  };

  let publishAt = now;
  if (input.publishAt !== undefined) {
    const at = new Date(input.publishAt);
    if (Number.isNaN(at.getTime()) || at.getTime() > now.getTime() + YEAR_MS) {
      throw new AppError('message_publish_at_invalid');
    }
    publishAt = at.getTime() < now.getTime() ? now : at;
  }

  let memberIds: string[] = [];
  if (input.audience === 'members') {
    const names = [
      ...new Set((input.usernames ?? []).map((u) => u.trim().toLowerCase()).filter((u) => u !== '')),
    ];
    if (names.length === 0 || names.length > MESSAGE_RULES.maxRecipients) {
      throw new AppError('message_recipients_invalid');
    }
    const found = await membersByUsername(db, brandId, names);
    const known = new Set(found.map((m) => m.username.toLowerCase()));
    const unknown = names.filter((n) => !known.has(n));
    if (unknown.length > 0) throw new AppError('message_recipients_invalid');
    // Members on a time-out or self-excluded get no message (docs/exclusion.md).
    const protectedIds = await excludedMembers(
      db,
      found.map((m) => m.id),
    );
    memberIds = found.map((m) => m.id).filter((id) => !protectedIds.has(id));
  } else if ((input.usernames ?? []).length > 0) {
    throw new AppError('message_recipients_invalid');
  }

  const id = await db.transaction().execute(async (trx) => {
    const messageId = await insertMessage(trx, {
      brandId,
      audience: input.audience,
      title: titles,
      content: contents,
      publishAt,
      createdBy: operator.id,
    });
    await insertRecipients(trx, messageId, memberIds);
    await recordAudit(trx, {
      brandId,
      operatorId: operator.id,
      action: 'message.send',
      targetType: 'message',
      targetId: messageId,
      before: null,
      after: {
        audience: input.audience,
        title: titles.en,
        recipients: memberIds.length,
        publishAt: publishAt.toISOString(),
      },
      ip: operator.ip,
    });
    return messageId;
  });
  const row = await findMessage(db, brandId, id);
  if (!row) throw new AppError('message_not_found');
  return toOperator(row, now);
}

/** Withdraws a message: it leaves every inbox (read or not); audited in the same transaction. */
export async function withdrawMessageById(
  db: Db,
  brandId: string,
  operator: OperatorContext & { ip: string },
  id: string,
  now = new Date(),
): Promise<OperatorMessage> {
  const before = await findMessage(db, brandId, id);
  if (!before) throw new AppError('message_not_found');
  await db.transaction().execute(async (trx) => {
    if (!(await withdrawMessage(trx, brandId, id, now))) throw new AppError('message_already_withdrawn');
    await recordAudit(trx, {
      brandId,
      operatorId: operator.id,
      action: 'message.withdraw',
      targetType: 'message',
      targetId: id,
      before: { state: stateOf(before, now) },
      after: { state: 'withdrawn' },
      ip: operator.ip,
    });
  });
  const row = await findMessage(db, brandId, id);
  if (!row) throw new AppError('message_not_found');
  return toOperator(row, now);
}
