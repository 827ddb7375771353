import {
  CONTACT_TRANSITIONS,
  type ContactBody,
  type ContactCreated,
  type ContactStatus,
  contactFormProblems,
  type MemberContactRequest,
  type OperatorContactPage,
  type OperatorContactQuery,
  type OperatorContactRequest,
} from '@lotus/contracts/cs';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { Submitter } from '../../http/submitter.ts';
import { formRefusal, normaliseContact } from '../../lib/contact-channel.ts';
import { maskContactValue } from '../../lib/masking.ts';
import { moveSubmission, operatorSubmission, queueQuery, type StatusQueue } from '../../lib/review-queue.ts';
import type { OperatorContext } from '../operators/operator-session.service.ts';
import type { HumanCheck } from '../verification/human-check.service.ts';
import {
  type ContactRequestRow,
  findContactRequest,
  insertContactRequest,
  listContactRequests,
  listMemberContactRequests,
  transitionContactRequest,
} from './contact.repository.ts';

/** A member sees this many of its latest requests on the contact page. */
const MEMBER_LIST_LIMIT = 10;

/**
 * Stores a contact request: the form's rules (the browser runs the same ones), the contact value
 * read for its channel in the brand's country, then the human check (spent only on a form that
 * would be stored), then one row. The caller's rate limit runs before all of this.
 */
export async function submitContact(
  db: Db,
  humanCheck: HumanCheck,
  sender: Submitter,
  body: ContactBody,
): Promise<ContactCreated> {
  const problems: Record<string, string> = { ...contactFormProblems(body) };
  const contact = problems.contact
    ? null
    : normaliseContact(body.channel, body.contact, sender.brand.country);
  if (!problems.contact && contact === null) problems.contact = 'contact_value_invalid';
  if (Object.keys(problems).length > 0) throw formRefusal(problems);
  await humanCheck.verify(body.humanCheck);
  const row = await insertContactRequest(db, {
    brandId: sender.brand.id,
    memberId: sender.memberId,
    name: body.name.trim(),
    channel: body.channel,
    contact: contact as string,
    category: body.category,
    message: body.message.trim(),
    language: sender.language,
    clientIp: sender.ip,
  });
  return { id: row.id, status: row.status };
}

function toMemberRequest(row: ContactRequestRow): MemberContactRequest {
  return {
    id: row.id,
    category: row.category,
    message: row.message,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function memberContactRequests(
  db: Db,
  brandId: string,
  memberId: string,
): Promise<MemberContactRequest[]> {
  const rows = await listMemberContactRequests(db, brandId, memberId, MEMBER_LIST_LIMIT);
  return rows.map(toMemberRequest);
}

/** One of the member's own requests; another member's (or another brand's) is not found. */
export async function memberContactRequest(
  db: Db,
  brandId: string,
  memberId: string,
  id: string,
): Promise<MemberContactRequest> {
  const row = await findContactRequest(db, brandId, id);
  if (!row || row.memberId !== memberId) throw new AppError('contact_request_not_found');
  return toMemberRequest(row);
}

// Back office

/** Roles that see contact details masked (as they see members' mobile and e-mail). */
const MASKED_ROLES = new Set(['readonly', 'marketing']);

function toOperatorRequest(row: ContactRequestRow, masked: boolean): OperatorContactRequest {
  return {
    ...operatorSubmission(row),
    channel: row.channel,
    contact: masked ? maskContactValue(row.channel, row.contact) : row.contact,
    category: row.category,
  };
}

export async function contactQueue(
  db: Db,
  brandId: string,
  operator: OperatorContext,
  query: OperatorContactQuery,
): Promise<OperatorContactPage> {
  const { page, size, filter } = queueQuery(query);
  const { items, total } = await listContactRequests(
    db,
    brandId,
    {
      ...filter,
      ...(query.category ? { category: query.category } : {}),
      ...(query.channel ? { channel: query.channel } : {}),
    },
    page,
    size,
  );
  const masked = MASKED_ROLES.has(operator.role);
  return { items: items.map((row) => toOperatorRequest(row, masked)), total, page, size };
}

export async function contactDetail(
  db: Db,
  brandId: string,
  operator: OperatorContext,
  id: string,
): Promise<OperatorContactRequest> {
  const row = await findContactRequest(db, brandId, id);
  if (!row) throw new AppError('contact_request_not_found');
  return toOperatorRequest(row, MASKED_ROLES.has(operator.role));
}

const REQUESTS: StatusQueue<ContactStatus> = {
  transitions: CONTACT_TRANSITIONS,
  notFound: 'contact_request_not_found',
  stateInvalid: 'contact_request_state_invalid',
  audit: { action: 'contact_request.status', targetType: 'contact_request' },
  find: findContactRequest,
  transition: transitionContactRequest,
};

/**
 * Moves a request along new -> in_progress -> closed (new -> closed too) with the operator's note
 * (kept when none is given). The conditional update, on the status read, and the audit row commit
 * together, so of two operators acting at once one applies and the other is refused.
 */
export async function changeContactStatus(
  db: Db,
  brandId: string,
  reviewer: OperatorContext & { ip: string },
  id: string,
  change: { status: ContactStatus; note?: string },
): Promise<OperatorContactRequest> {
  await moveSubmission(db, REQUESTS, brandId, reviewer, id, change);
  return contactDetail(db, brandId, reviewer, id);
}
