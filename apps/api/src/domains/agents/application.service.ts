import { AGENT_TYPES, isAgentType } from '@lotus/contracts/accounts';
import {
  AFFILIATE_NOTE_REQUIRED,
  AFFILIATE_TRANSITIONS,
  type AffiliateApplicationBody,
  type AffiliateApplicationCreated,
  type AffiliateContact,
  type AffiliateStatus,
  affiliateFormProblems,
  type OperatorAffiliateApplication,
  type OperatorAffiliatePage,
  type OperatorAffiliateQuery,
} from '@lotus/contracts/agents';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../http/app-error.ts';
import type { Submitter } from '../../http/submitter.ts';
import { formRefusal, normaliseContact } from '../../lib/contact-channel.ts';
import { maskContactValue } from '../../lib/masking.ts';
import { moveSubmission, operatorSubmission, queueQuery, type StatusQueue } from '../../lib/review-queue.ts';
import { findMemberById } from '../members/member.service.ts';
import type { OperatorContext } from '../operators/operator-session.service.ts';
import type { HumanCheck } from '../verification/human-check.service.ts';
import { makeAgentIn } from './agent.service.ts';
import {
  type AffiliateApplicationRow,
  findApplication,
  insertApplication,
  listApplications,
  transitionApplication,
} from './application.repository.ts';

/**
 * Stores an affiliate application: the form's rules (the browser runs the same), every contact
 * value read for its channel in the brand's country, then the human check (spent only on a form
 * that would be stored), then one row. The route's rate limit runs before all of this.
 */
export async function submitApplication(
  db: Db,
  humanCheck: HumanCheck,
  applicant: Submitter,
  body: AffiliateApplicationBody,
): Promise<AffiliateApplicationCreated> {
  const problems: Record<string, string> = { ...affiliateFormProblems(body) };
  const contacts: AffiliateContact[] = [];
  if (!problems.contacts) {
    for (const { channel, value } of body.contacts) {
      const normalised = normaliseContact(channel, value, applicant.brand.country);
      if (normalised === null) {
        problems.contacts = 'contact_value_invalid';
        break;
      }
      contacts.push({ channel, value: normalised });
    }
  }
  if (Object.keys(problems).length > 0) throw formRefusal(problems);
  await humanCheck.verify(body.humanCheck);
  const row = await insertApplication(db, {
    brandId: applicant.brand.id,
    memberId: applicant.memberId,
    name: body.name.trim(),
    contacts,
    sites: body.sites.map((s) => s.trim()).filter((s) => s !== ''),
    monthlyPlayers: body.monthlyPlayers,
    message: body.message.trim(),
    language: applicant.language,
    clientIp: applicant.ip,
  });
  return { id: row.id, status: row.status };
}

/** The readonly role sees contact values masked (it reads; it has no one to call). */
const MASKED_ROLES = new Set(['readonly']);

function toOperatorApplication(row: AffiliateApplicationRow, masked: boolean): OperatorAffiliateApplication {
  return {
    ...operatorSubmission(row),
    contacts: row.contacts.map((c) => ({
      channel: c.channel,
      value: masked ? maskContactValue(c.channel, c.value) : c.value,
    })),
    sites: row.sites,
    monthlyPlayers: row.monthlyPlayers,
  };
}

export async function applicationQueue(
  db: Db,
  brandId: string,
  operator: OperatorContext,
  query: OperatorAffiliateQuery,
): Promise<OperatorAffiliatePage> {
  const { page, size, filter } = queueQuery(query);
  const { items, total } = await listApplications(db, brandId, filter, page, size);
  const masked = MASKED_ROLES.has(operator.role);
  return { items: items.map((row) => toOperatorApplication(row, masked)), total, page, size };
}

export async function applicationDetail(
  db: Db,
  brandId: string,
  operator: OperatorContext,
  id: string,
): Promise<OperatorAffiliateApplication> {
  const row = await findApplication(db, brandId, id);
  if (!row) throw new AppError('affiliate_application_not_found');
  return toOperatorApplication(row, MASKED_ROLES.has(operator.role));
}

const APPLICATIONS: StatusQueue<AffiliateStatus> = {
  transitions: AFFILIATE_TRANSITIONS,
  noteRequired: AFFILIATE_NOTE_REQUIRED,
  notFound: 'affiliate_application_not_found',
  stateInvalid: 'affiliate_application_state_invalid',
  audit: { action: 'affiliate_application.status', targetType: 'affiliate_application' },
  find: findApplication,
  transition: transitionApplication,
  onMoved: async (trx, brandId, id, change, reviewer) => {
    if (change.to !== 'approved') return;
    const application = await findApplication(trx, brandId, id);
    // An applicant who sent the form logged in becomes an agent (type 1) in the approval's
    // transaction; a visitor's application is approved and the operator makes the account later.
    const applicant = application?.memberId ? await findMemberById(trx, brandId, application.memberId) : null;
    // An applicant who is already an agent keeps its type and code.
    if (applicant && application?.memberId && !isAgentType(applicant.isAgent)) {
      await makeAgentIn(
        trx,
        brandId,
        reviewer,
        application.memberId,
        AGENT_TYPES.agent,
        'affiliate application approved',
      );
    }
  },
};

/**
 * Moves an application new -> contacted -> approved | rejected (new -> rejected too). Approval and
 * rejection need the operator's note; the previous note stays when a move sends none. The
 * conditional update and its audit row commit together.
 */
export async function changeApplicationStatus(
  db: Db,
  brandId: string,
  reviewer: OperatorContext & { ip: string },
  id: string,
  change: { status: AffiliateStatus; note?: string },
): Promise<OperatorAffiliateApplication> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await moveSubmission(db, APPLICATIONS, brandId, reviewer, id, change);
      break;
    } catch (error) {
      // A new affiliate code that happened to be taken: the whole approval again with another one.
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
    }
  }
  return applicationDetail(db, brandId, reviewer, id);
}
