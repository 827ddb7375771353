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

/*
 * Agents (issue 26, first slice): the agent's team (downline tree) in the agent centre, and the back
 * office's agent actions. Amounts are decimal strings in the brand's currency.
 */

/** GET /wps/agent/team/overview: the last `days` days (UTC, today included). */
export const AgentTeamOverviewQuery = Type.Object({
  days: Type.Optional(Type.Integer({ minimum: 1, maximum: 92, default: 7 })),
});
export type AgentTeamOverviewQuery = Static<typeof AgentTeamOverviewQuery>;

const TeamFigures = {
  newMembers: Type.Integer(),
  activeMembers: Type.Integer({ description: 'Members of the team with at least one bet' }),
  deposits: Type.String(),
  withdrawals: Type.String(),
  turnover: Type.String({ description: 'Stakes' }),
  winLoss: Type.String({ description: "The team's result: payouts - stakes (negative: the team lost)" }),
};

export const AgentTeamDay = Type.Object({
  day: Type.String({ description: 'YYYY-MM-DD (UTC)' }),
  ...TeamFigures,
});
export type AgentTeamDay = Static<typeof AgentTeamDay>;

export const AgentTeamOverview = Type.Object({
  teamSize: Type.Integer({ description: 'Everyone below the agent, all levels' }),
  directSize: Type.Integer(),
  from: Type.String(),
  to: Type.String(),
  ...TeamFigures,
  days: Type.Array(AgentTeamDay),
});
export type AgentTeamOverview = Static<typeof AgentTeamOverview>;

/** GET /wps/agent/team/members: the agent's team, searchable by user name, paged. */
export const AgentTeamQuery = Type.Object({
  search: Type.Optional(Type.String({ maxLength: 40 })),
  directOnly: Type.Optional(Type.Boolean()),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
});
export type AgentTeamQuery = Static<typeof AgentTeamQuery>;

export const AgentTeamMember = Type.Object({
  id: Type.String(),
  account: Type.String(),
  /** 1 = a direct downline, 2 = a downline's downline, ... */
  level: Type.Integer(),
  isAgent: Type.Integer(),
  status: Type.String(),
  registeredAt: Type.Number({ description: 'ms' }),
  lastLoginAt: Type.Union([Type.Number(), Type.Null()]),
  upline: Type.String(),
  /** The main wallet balance, only when the brand's agent policy shows it (null otherwise). */
  balance: Type.Union([Type.String(), Type.Null()]),
});
export type AgentTeamMember = Static<typeof AgentTeamMember>;

export const AgentTeamPage = SizedPage(AgentTeamMember);
export type AgentTeamPage = Static<typeof AgentTeamPage>;

export const DownlineIdParams = Type.Object({ id: Type.String({ pattern: ID_PATTERN }) });

/** POST /wps/agent/team/members: opens an account for a direct downline of the agent. */
export const OpenDownlineBody = Type.Object(
  {
    username: Type.String({ maxLength: 40 }),
    password: Type.String({ maxLength: 64 }),
    /** YYYY-MM-DD: the brand's minimum age is checked on the server, as at every registration. */
    birthday: Type.String({ maxLength: 10 }),
  },
  { additionalProperties: false },
);
export type OpenDownlineBody = Static<typeof OpenDownlineBody>;

/** The back office's agent actions (/bo/v1/agents/members/:id/...). */
export const AgentTypeBody = Type.Object(
  {
    isAgent: Type.Integer({ description: '1, 2, 41 or 42 (AGENT_TYPES)' }),
    note: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);
export type AgentTypeBody = Static<typeof AgentTypeBody>;

export const AgentSuspendBody = Type.Object(
  { suspended: Type.Boolean(), note: Type.String({ minLength: 1, maxLength: 500 }) },
  { additionalProperties: false },
);
export type AgentSuspendBody = Static<typeof AgentSuspendBody>;

export const AgentMoveBody = Type.Object(
  {
    /** The new upline's user name (an agent of the brand). */
    uplineUsername: Type.String({ minLength: 1, maxLength: 40 }),
    note: Type.String({ minLength: 1, maxLength: 500 }),
  },
  { additionalProperties: false },
);
export type AgentMoveBody = Static<typeof AgentMoveBody>;

export const OperatorAgent = Type.Object({
  id: Type.String(),
  username: Type.String(),
  isAgent: Type.Integer(),
  affiliateCode: Type.String(),
  uplineUsername: Type.String(),
  status: Type.Union([Type.Literal('active'), Type.Literal('suspended')]),
  directSize: Type.Integer(),
  teamSize: Type.Integer(),
});
export type OperatorAgent = Static<typeof OperatorAgent>;
