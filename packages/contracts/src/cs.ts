import { type Static, Type } from 'typebox';
import { ID_PATTERN } from './ids.ts';
import { pageQueryFields, SizedPage } from './paging.ts';
import {
  dayRangeQueryFields,
  humanCheckField,
  OperatorSubmission,
  SubmissionQuery,
  SubmissionStatusBody,
} from './review-queue.ts';

/**
 * Customer service (issue 11): the contact form that stands in for live chat until the chat room
 * exists. A visitor or member leaves a message and one way to be reached; it lands in the back
 * office, where customer service moves it from new to in progress to closed.
 */

/** The ways a visitor may ask to be reached. */
export const CONTACT_CHANNELS = ['mobile', 'email', 'whatsapp', 'telegram'] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];

export const CONTACT_CATEGORIES = ['account', 'payment', 'games', 'promotion', 'technical', 'other'] as const;
export type ContactCategory = (typeof CONTACT_CATEGORIES)[number];

/** new -> in_progress -> closed; a request that needs no work (spam, a duplicate) may close at once. */
export const CONTACT_STATUSES = ['new', 'in_progress', 'closed'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

export const CONTACT_TRANSITIONS: Readonly<Record<ContactStatus, readonly ContactStatus[]>> = {
  new: ['in_progress', 'closed'],
  in_progress: ['closed'],
  closed: [],
};

/** Lengths in characters as people count them (code points: emoji and CJK count once). */
export const CONTACT_RULES = {
  nameMaxLength: 60,
  contactMaxLength: 100,
  messageMaxLength: 500,
  noteMaxLength: 500,
} as const;

export function characterCount(text: string): number {
  return [...text].length;
}

const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
/** Digits with the separators people type; the server parses the number for real (E.164). */
const PHONE_LIKE = /^\+?[0-9][0-9 ().-]{5,22}$/;
/** Telegram user names: 5..32 letters, digits and underscores, a letter first. */
const TELEGRAM_NAME = /^@?[A-Za-z][A-Za-z0-9_]{4,31}$/;

/**
 * Whether a contact value looks right for its channel (the browser's check and the server's first
 * one; the server then reads phone numbers with libphonenumber in the brand's country).
 */
export function contactValueLooksValid(channel: ContactChannel, value: string): boolean {
  const v = value.trim();
  if (v === '' || characterCount(v) > CONTACT_RULES.contactMaxLength) return false;
  switch (channel) {
    case 'email':
      return v.length <= 254 && EMAIL.test(v);
    case 'mobile':
    case 'whatsapp':
      return PHONE_LIKE.test(v);
    case 'telegram':
      return TELEGRAM_NAME.test(v) || PHONE_LIKE.test(v);
  }
}

export type ContactFormInput = {
  name: string;
  channel: ContactChannel;
  contact: string;
  category: ContactCategory;
  message: string;
};

/** Problems of a contact form by field, as catalogue codes (the browser and the server run this). */
export function contactFormProblems(
  input: ContactFormInput,
): Partial<Record<keyof ContactFormInput, string>> {
  const problems: Partial<Record<keyof ContactFormInput, string>> = {};
  const name = input.name.trim();
  if (name === '' || characterCount(name) > CONTACT_RULES.nameMaxLength)
    problems.name = 'contact_name_invalid';
  if (!contactValueLooksValid(input.channel, input.contact)) problems.contact = 'contact_value_invalid';
  const message = input.message.trim();
  if (message === '' || characterCount(message) > CONTACT_RULES.messageMaxLength) {
    problems.message = 'contact_message_invalid';
  }
  return problems;
}

const Channel = Type.Enum(CONTACT_CHANNELS);
const Category = Type.Enum(CONTACT_CATEGORIES);
const Status = Type.Enum(CONTACT_STATUSES);
const DateTime = Type.String({ format: 'date-time' });

/** POST /wps/cs/contact. Schema lengths are generous bounds; the form rules above are checked after trimming. */
export const ContactBody = Type.Object(
  {
    name: Type.String({ maxLength: 200 }),
    channel: Channel,
    contact: Type.String({ maxLength: 200 }),
    category: Category,
    message: Type.String({ maxLength: 2000 }),
    ...humanCheckField,
  },
  { additionalProperties: false },
);
export type ContactBody = Static<typeof ContactBody>;

export const ContactIdParams = Type.Object({ id: Type.String({ pattern: ID_PATTERN }) });

/** A member's own request as the member sees it (no operator, no note). */
export const MemberContactRequest = Type.Object({
  id: Type.String(),
  category: Category,
  message: Type.String(),
  status: Status,
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type MemberContactRequest = Static<typeof MemberContactRequest>;

export const ContactCreated = Type.Object({ id: Type.String(), status: Status });
export type ContactCreated = Static<typeof ContactCreated>;

// Back office

export const OperatorContactRequest = OperatorSubmission(Status, {
  channel: Channel,
  /** Masked for the readonly and marketing roles. */
  contact: Type.String(),
  category: Category,
});
export type OperatorContactRequest = Static<typeof OperatorContactRequest>;

/** `search`: part of the name, the contact value or the member's user name. */
export const OperatorContactQuery = SubmissionQuery(Status, {
  category: Type.Optional(Category),
  channel: Type.Optional(Channel),
});
export type OperatorContactQuery = Static<typeof OperatorContactQuery>;

export const OperatorContactPage = SizedPage(OperatorContactRequest);
export type OperatorContactPage = Static<typeof OperatorContactPage>;

export const ContactStatusBody = SubmissionStatusBody(Status);
export type ContactStatusBody = Static<typeof ContactStatusBody>;

// Feedback in the back office (PUT /wps/feedback stores it; operators read it here)

export const OperatorFeedback = Type.Object({
  id: Type.String(),
  content: Type.String(),
  language: Type.String(),
  createdAt: DateTime,
  /** Ids for GET /bo/v1/feedback/images/:id (operator token). */
  imageIds: Type.Array(Type.String()),
});
export type OperatorFeedback = Static<typeof OperatorFeedback>;

export const OperatorFeedbackQuery = Type.Object({ ...dayRangeQueryFields, ...pageQueryFields });
export type OperatorFeedbackQuery = Static<typeof OperatorFeedbackQuery>;

export const OperatorFeedbackPage = SizedPage(OperatorFeedback);
export type OperatorFeedbackPage = Static<typeof OperatorFeedbackPage>;
