import { type Static, Type } from 'typebox';
import { ID_PATTERN } from './ids.ts';
import { pageQueryFields, SizedPage } from './paging.ts';

/**
 * Messages (issue 15, spec "messageV2", platform information): a member's inbox of the brand's
 * broadcasts (every member of the brand) and messages targeted at a list of members, with a read
 * state per member. Operators send, schedule and withdraw them in the back office.
 */

export const MESSAGE_AUDIENCES = ['all', 'members'] as const;
export type MessageAudience = (typeof MESSAGE_AUDIENCES)[number];

/** Lengths in characters; bodies are HTML, sanitised on write and again on read. */
export const MESSAGE_RULES = {
  titleMaxLength: 120,
  contentMaxLength: 20_000,
  maxRecipients: 1000,
} as const;

const Id = Type.String({ pattern: ID_PATTERN });

/** One message of the member's inbox, in the request's language (EN when a text is missing). */
export const InboxMessage = Type.Object({
  id: Type.String(),
  title: Type.String(),
  content: Type.String({ description: 'Sanitised HTML' }),
  /** `all` a broadcast, `members` sent to this member by name. */
  audience: Type.Enum(MESSAGE_AUDIENCES),
  read: Type.Boolean(),
  /** Publication time, ms since the epoch. */
  timestamp: Type.Number(),
});
export type InboxMessage = Static<typeof InboxMessage>;

export const InboxPage = Type.Object({
  items: Type.Array(InboxMessage),
  total: Type.Integer(),
  unread: Type.Integer(),
  page: Type.Integer(),
  size: Type.Integer(),
});
export type InboxPage = Static<typeof InboxPage>;

export const InboxQuery = Type.Object({
  ...pageQueryFields,
  unread: Type.Optional(Type.Boolean({ description: 'Only the unread messages' })),
});
export type InboxQuery = Static<typeof InboxQuery>;

export const MessageIdParams = Type.Object({ id: Id });

const Localised = (maxLength: number) =>
  Type.Object(
    {
      en: Type.String({ maxLength }),
      ms: Type.Optional(Type.String({ maxLength })),
      cn: Type.Optional(Type.String({ maxLength })),
    },
    { additionalProperties: false },
  );

/** A new message: EN required, MS and CN fall back to EN when left out or empty. */
export const NewMessageBody = Type.Object(
  {
    title: Localised(MESSAGE_RULES.titleMaxLength),
    content: Localised(MESSAGE_RULES.contentMaxLength),
    audience: Type.Enum(MESSAGE_AUDIENCES),
    usernames: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 32 }), { maxItems: MESSAGE_RULES.maxRecipients }),
    ),
    /** ISO time to publish at; now when absent. */
    publishAt: Type.Optional(Type.String({ format: 'date-time', maxLength: 40 })),
  },
  { additionalProperties: false },
);
export type NewMessageBody = Static<typeof NewMessageBody>;

export const MESSAGE_STATES = ['scheduled', 'published', 'withdrawn'] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];

export const OperatorMessage = Type.Object({
  id: Type.String(),
  title: Type.Object({ en: Type.String(), ms: Type.String(), cn: Type.String() }),
  content: Type.Object({ en: Type.String(), ms: Type.String(), cn: Type.String() }),
  audience: Type.Enum(MESSAGE_AUDIENCES),
  recipients: Type.Integer({ description: 'Targeted members (0 for a broadcast)' }),
  reads: Type.Integer({ description: 'Members who opened it' }),
  state: Type.Enum(MESSAGE_STATES),
  publishAt: Type.String(),
  withdrawnAt: Type.Union([Type.String(), Type.Null()]),
  createdBy: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
});
export type OperatorMessage = Static<typeof OperatorMessage>;

export const OperatorMessagePage = SizedPage(OperatorMessage);
export type OperatorMessagePage = Static<typeof OperatorMessagePage>;

export const OperatorMessageQuery = Type.Object({
  ...pageQueryFields,
  state: Type.Optional(Type.Enum(MESSAGE_STATES)),
});
export type OperatorMessageQuery = Static<typeof OperatorMessageQuery>;

/** Characters as people count them (code points: emoji and CJK count once). */
export function characterCountOf(text: string): number {
  return [...text].length;
}
