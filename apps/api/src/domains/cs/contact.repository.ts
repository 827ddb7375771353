import type { ContactCategory, ContactChannel, ContactStatus } from '@lotus/contracts/cs';
import type { Executor } from '../../db/executor.ts';
import { pageNewestFirst } from '../../db/paging.ts';
import {
  containsPattern,
  type QueueTransition,
  type SubmissionRow,
  transitionSubmission,
} from '../../lib/review-queue.ts';

export type NewContactRequest = {
  brandId: string;
  memberId: string | null;
  name: string;
  channel: ContactChannel;
  contact: string;
  category: ContactCategory;
  message: string;
  language: string;
  clientIp: string;
};

export type ContactRequestRow = SubmissionRow<ContactStatus> & {
  channel: ContactChannel;
  contact: string;
  category: ContactCategory;
};

export type ContactFilter = {
  status?: ContactStatus;
  category?: ContactCategory;
  channel?: ContactChannel;
  search?: string;
  from?: Date;
  toExclusive?: Date;
};

export async function insertContactRequest(db: Executor, request: NewContactRequest) {
  return db
    .insertInto('contact_requests')
    .values({
      brand_id: request.brandId,
      member_id: request.memberId,
      name: request.name,
      channel: request.channel,
      contact: request.contact,
      category: request.category,
      message: request.message,
      language: request.language,
      client_ip: request.clientIp,
      handled_by: null,
    })
    .returning(['id', 'status'])
    .executeTakeFirstOrThrow();
}

function requestQuery(db: Executor) {
  return db
    .selectFrom('contact_requests as c')
    .leftJoin('members as m', 'm.id', 'c.member_id')
    .leftJoin('operators as o', 'o.id', 'c.handled_by')
    .select([
      'c.id',
      'c.member_id as memberId',
      'm.username',
      'c.name',
      'c.channel',
      'c.contact',
      'c.category',
      'c.message',
      'c.language',
      'c.status',
      'c.operator_note as note',
      'o.username as handledBy',
      'c.created_at as createdAt',
      'c.updated_at as updatedAt',
    ]);
}

export async function listContactRequests(
  db: Executor,
  brandId: string,
  filter: ContactFilter,
  page: number,
  size: number,
): Promise<{ items: ContactRequestRow[]; total: number }> {
  const apply = <Q extends ReturnType<typeof requestQuery>>(q: Q): Q =>
    q
      .where('c.brand_id', '=', brandId)
      .$if(filter.status !== undefined, (w) => w.where('c.status', '=', filter.status as ContactStatus))
      .$if(filter.category !== undefined, (w) =>
        w.where('c.category', '=', filter.category as ContactCategory),
      )
      .$if(filter.channel !== undefined, (w) => w.where('c.channel', '=', filter.channel as ContactChannel))
      .$if(filter.search !== undefined, (w) => {
        const pattern = containsPattern(filter.search as string);
        return w.where((eb) =>
          eb.or([
            eb('c.name', 'ilike', pattern),
            eb('c.contact', 'ilike', pattern),
            eb('m.username', 'ilike', pattern),
          ]),
        );
      })
      .$if(filter.from !== undefined, (w) => w.where('c.created_at', '>=', filter.from as Date))
      .$if(filter.toExclusive !== undefined, (w) =>
        w.where('c.created_at', '<', filter.toExclusive as Date),
      ) as Q;
  return pageNewestFirst(apply(requestQuery(db)), 'c.id', page, size);
}

export async function findContactRequest(
  db: Executor,
  brandId: string,
  id: string,
): Promise<ContactRequestRow | undefined> {
  return requestQuery(db).where('c.brand_id', '=', brandId).where('c.id', '=', id).executeTakeFirst();
}

/** A member's own requests, newest first. */
export async function listMemberContactRequests(
  db: Executor,
  brandId: string,
  memberId: string,
  limit: number,
): Promise<ContactRequestRow[]> {
  return requestQuery(db)
    .where('c.brand_id', '=', brandId)
    .where('c.member_id', '=', memberId)
    .orderBy('c.id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Moves a request from `from` to `to` with the operator's note. False means it was not in `from`
 * any more (another operator acted first): the caller refuses the change.
 */
export async function transitionContactRequest(
  db: Executor,
  brandId: string,
  id: string,
  change: QueueTransition<ContactStatus>,
): Promise<boolean> {
  return transitionSubmission(db, 'contact_requests', brandId, id, change);
}
