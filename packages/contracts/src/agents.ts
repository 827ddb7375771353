import { type Static, Type } from 'typebox';
import {
  CONTACT_CHANNELS,
  CONTACT_RULES,
  type ContactChannel,
  characterCount,
  contactValueLooksValid,
} from './cs.ts';
import { ID_PATTERN } from './ids.ts';
import { SizedPage } from './paging.ts';
import {
  humanCheckField,
  OperatorSubmission,
  SubmissionQuery,
  SubmissionStatusBody,
} from './review-queue.ts';

/**
 * Agents (issue 11): the affiliate application of /join ("become an affiliate"). A prospective
 * affiliate says who they are, how to reach them, where they would bring players from and how many;
 * operators contact them and approve or reject the application in the back office.
 */

/** new -> contacted -> approved | rejected; an application may be rejected without a call. */
export const AFFILIATE_STATUSES = ['new', 'contacted', 'approved', 'rejected'] as const;
export type AffiliateStatus = (typeof AFFILIATE_STATUSES)[number];

export const AFFILIATE_TRANSITIONS: Readonly<Record<AffiliateStatus, readonly AffiliateStatus[]>> = {
  new: ['contacted', 'rejected'],
  contacted: ['approved', 'rejected'],
  approved: [],
  rejected: [],
};

/** Decisions that must carry the operator's note (why approved, why rejected). */
export const AFFILIATE_NOTE_REQUIRED: readonly AffiliateStatus[] = ['approved', 'rejected'];

export const AFFILIATE_RULES = {
  maxContacts: 4,
  maxSites: 5,
  siteMaxLength: 200,
  minPlayers: 1,
  maxPlayers: 1_000_000,
  messageMaxLength: 500,
} as const;

export type AffiliateContact = { channel: ContactChannel; value: string };

export type AffiliateFormInput = {
  name: string;
  contacts: AffiliateContact[];
  sites: string[];
  monthlyPlayers: number;
  message: string;
};

/** Problems of an application by field, as catalogue codes (the browser and the server run this). */
export function affiliateFormProblems(
  input: AffiliateFormInput,
): Partial<Record<keyof AffiliateFormInput, string>> {
  const problems: Partial<Record<keyof AffiliateFormInput, string>> = {};
  const name = input.name.trim();
  if (name === '' || characterCount(name) > CONTACT_RULES.nameMaxLength)
    problems.name = 'contact_name_invalid';
  const channels = new Set(input.contacts.map((c) => c.channel));
  if (
    input.contacts.length === 0 ||
    input.contacts.length > AFFILIATE_RULES.maxContacts ||
    channels.size !== input.contacts.length
  ) {
    problems.contacts = 'affiliate_contacts_invalid';
  } else if (!input.contacts.every((c) => contactValueLooksValid(c.channel, c.value))) {
    problems.contacts = 'contact_value_invalid';
  }
  const sites = input.sites.map((s) => s.trim()).filter((s) => s !== '');
  if (
    sites.length > AFFILIATE_RULES.maxSites ||
    sites.some((s) => characterCount(s) > AFFILIATE_RULES.siteMaxLength || /\s/.test(s))
  ) {
    problems.sites = 'affiliate_sites_invalid';
  }
  if (
    !Number.isInteger(input.monthlyPlayers) ||
    input.monthlyPlayers < AFFILIATE_RULES.minPlayers ||
    input.monthlyPlayers > AFFILIATE_RULES.maxPlayers
  ) {
    problems.monthlyPlayers = 'affiliate_players_invalid';
  }
  if (characterCount(input.message.trim()) > AFFILIATE_RULES.messageMaxLength) {
    problems.message = 'contact_message_invalid';
  }
  return problems;
}

const Status = Type.Enum(AFFILIATE_STATUSES);
const Contact = Type.Object(
  { channel: Type.Enum(CONTACT_CHANNELS), value: Type.String({ maxLength: 200 }) },
  { additionalProperties: false },
);

/** POST /wps/agents/applications. Schema bounds are generous; the rules above are checked after trimming. */
export const AffiliateApplicationBody = Type.Object(
  {
    name: Type.String({ maxLength: 200 }),
    contacts: Type.Array(Contact, { minItems: 1, maxItems: 8 }),
    sites: Type.Array(Type.String({ maxLength: 400 }), { maxItems: 10 }),
    monthlyPlayers: Type.Integer({ minimum: 0, maximum: 2_147_483_647 }),
    message: Type.String({ maxLength: 2000 }),
    ...humanCheckField,
  },
  { additionalProperties: false },
);
export type AffiliateApplicationBody = Static<typeof AffiliateApplicationBody>;

export const AffiliateApplicationCreated = Type.Object({ id: Type.String(), status: Status });
export type AffiliateApplicationCreated = Static<typeof AffiliateApplicationCreated>;

export const AffiliateIdParams = Type.Object({ id: Type.String({ pattern: ID_PATTERN }) });

export const OperatorAffiliateApplication = OperatorSubmission(Status, {
  /** Values masked for the readonly role. */
  contacts: Type.Array(Type.Object({ channel: Type.Enum(CONTACT_CHANNELS), value: Type.String() })),
  sites: Type.Array(Type.String()),
  monthlyPlayers: Type.Integer(),
});
export type OperatorAffiliateApplication = Static<typeof OperatorAffiliateApplication>;

/** `search`: part of the name, a contact value, a site or the member's user name. */
export const OperatorAffiliateQuery = SubmissionQuery(Status, {});
export type OperatorAffiliateQuery = Static<typeof OperatorAffiliateQuery>;

export const OperatorAffiliatePage = SizedPage(OperatorAffiliateApplication);
export type OperatorAffiliatePage = Static<typeof OperatorAffiliatePage>;

export const AffiliateStatusBody = SubmissionStatusBody(Status);
export type AffiliateStatusBody = Static<typeof AffiliateStatusBody>;
