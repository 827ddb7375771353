import { type Static, Type } from 'typebox';
import { ID_PATTERN } from './ids.ts';
import { Amount, AmountInput } from './money.ts';
import { pageQueryFields, SizedPage } from './paging.ts';

/**
 * Referral (invite friends, issue 15): a member's code and link; a friend who registers with the
 * code (or binds it soon after) is an invitation; the friend qualifies under the brand's rule (a
 * first deposit of at least X and turnover of Y within N days of registering) and the referrer is
 * paid the rule's reward once per friend. A friend sharing an address, device or bank account with
 * the referrer is held for an operator's review instead of being paid.
 */

export const REFERRAL_STATUSES = ['pending', 'held', 'paid', 'rejected', 'expired'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

export const REFERRAL_HOLD_REASONS = ['shared_ip', 'shared_device', 'shared_bank_account'] as const;
export type ReferralHoldReason = (typeof REFERRAL_HOLD_REASONS)[number];

/** Codes are 8 characters of A-Z and 2-9 (no 0, 1, I, O: easy to read out). */
export const REFERRAL_CODE_PATTERN = '^[A-HJ-NP-Z2-9]{8}$';

/** `MCSFE_getReferralDetails` value (wire-protocol.md) plus the link to share. */
export const ReferralDetails = Type.Object({
  referralCode: Type.String(),
  totalInvitations: Type.Integer(),
  promotionDomains: Type.Array(Type.String()),
  referralLink: Type.String(),
});
export type ReferralDetails = Static<typeof ReferralDetails>;

export const ReferralDetailsQuery = Type.Object({
  autoGenerate: Type.Optional(Type.Boolean({ default: true })),
});

export const ReferralRuleView = Type.Object({
  active: Type.Boolean(),
  minFirstDeposit: Amount,
  minTurnover: Amount,
  withinDays: Type.Integer(),
  reward: Amount,
});
export type ReferralRuleView = Static<typeof ReferralRuleView>;

/** One invitation as the referrer sees it: the friend's name masked. */
export const Invitation = Type.Object({
  id: Type.String(),
  friend: Type.String(),
  status: Type.Enum(REFERRAL_STATUSES),
  firstDeposit: Type.Union([Amount, Type.Null()]),
  turnover: Amount,
  reward: Type.Union([Amount, Type.Null()]),
  registeredAt: Type.Number(),
});
export type Invitation = Static<typeof Invitation>;

export const InvitationPage = Type.Object({
  items: Type.Array(Invitation),
  total: Type.Integer(),
  page: Type.Integer(),
  size: Type.Integer(),
  rule: Type.Union([ReferralRuleView, Type.Null()]),
  currency: Type.String(),
});
export type InvitationPage = Static<typeof InvitationPage>;
export const InvitationQuery = Type.Object(pageQueryFields);

export const BindReferralBody = Type.Object(
  { referralCode: Type.String({ maxLength: 32 }) },
  { additionalProperties: false },
);

// Back office

export const OperatorReferral = Type.Object({
  id: Type.String(),
  referrer: Type.String(),
  referrerId: Type.String(),
  friend: Type.String(),
  friendId: Type.String(),
  status: Type.Enum(REFERRAL_STATUSES),
  holdReasons: Type.Array(Type.Enum(REFERRAL_HOLD_REASONS)),
  signupIp: Type.String(),
  firstDeposit: Type.Union([Amount, Type.Null()]),
  turnover: Amount,
  reward: Type.Union([Amount, Type.Null()]),
  note: Type.String(),
  reviewedBy: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
});
export type OperatorReferral = Static<typeof OperatorReferral>;

export const OperatorReferralPage = SizedPage(OperatorReferral);
export type OperatorReferralPage = Static<typeof OperatorReferralPage>;
export const OperatorReferralQuery = Type.Object({
  ...pageQueryFields,
  status: Type.Optional(Type.Enum(REFERRAL_STATUSES)),
});
export type OperatorReferralQuery = Static<typeof OperatorReferralQuery>;

export const ReferralIdParams = Type.Object({ id: Type.String({ pattern: ID_PATTERN }) });

export const ReferralDecisionBody = Type.Object(
  { note: Type.Optional(Type.String({ maxLength: 500 })) },
  { additionalProperties: false },
);

export const ReferralRuleBody = Type.Object(
  {
    active: Type.Boolean(),
    minFirstDeposit: AmountInput,
    minTurnover: AmountInput,
    withinDays: Type.Integer({ minimum: 1, maximum: 365 }),
    reward: AmountInput,
  },
  { additionalProperties: false },
);
export type ReferralRuleBody = Static<typeof ReferralRuleBody>;
