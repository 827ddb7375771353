import { type Static, Type } from 'typebox';
import { ID_PATTERN } from './ids.ts';
import { Amount, AmountInput } from './money.ts';

/**
 * Promotions and bonuses with wagering (issue 15). One state machine per member and promotion
 * (spec §1 "Promotion states"); a card without a member record is `coming` before the start, `close`
 * after the end, otherwise open to apply (state null).
 *
 *   apply (needs approval) ─► applying ─approve─► issued ─claim─► process ─wagering met─► signed
 *                               │ └─reject──► rejected     │  └─claim (no wagering)─► claimed
 *   apply (automatic) ─────────────────────────► issued    │
 *   applying | issued ─cancel (member or operator)─► close │
 *   process ─withdrawal request, expiry, member cancel, operator forfeit─► close (bonus forfeited)
 *
 * Terminal: rejected, claimed, signed, close. Every move is one conditional UPDATE on the state.
 */
export const PROMOTION_STATES = [
  'applying',
  'rejected',
  'issued',
  'claimed',
  'process',
  'signed',
  'coming',
  'close',
] as const;
export type PromotionState = (typeof PROMOTION_STATES)[number];

/** The states a member's record can be in (coming is a card's state only). */
export const RECORD_STATES = [
  'applying',
  'rejected',
  'issued',
  'claimed',
  'process',
  'signed',
  'close',
] as const;

/** The transitions allowed: from a record state to the next, by action. */
export const PROMOTION_TRANSITIONS: Readonly<Record<string, readonly string[]>> = {
  approve: ['applying'],
  reject: ['applying'],
  claim: ['issued'],
  cancel: ['applying', 'issued', 'process'],
  complete: ['process'],
  forfeit: ['process'],
};

export const GAME_CATEGORIES = ['RNG', 'LIVE', 'SPORTS', 'ESPORTS', 'FISH', 'PVP', 'LOTT', 'ELOTT'] as const;

const Id = Type.String({ pattern: ID_PATTERN, maxLength: 19 });
const Text = (maxLength: number) => Type.String({ maxLength, pattern: '^[^\\u0000]*$' });

export const PromotionRules = Type.Object(
  {
    newMemberDays: Type.Optional(Type.Integer({ minimum: 1, maximum: 3650 })),
    depositNth: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    depositMin: Type.Optional(AmountInput),
    depositMax: Type.Optional(AmountInput),
    turnoverMin: Type.Optional(AmountInput),
    turnoverDays: Type.Optional(Type.Integer({ minimum: 1, maximum: 366 })),
    usernames: Type.Optional(
      Type.Array(Type.String({ pattern: '^[A-Za-z0-9_]{1,32}$' }), { maxItems: 5000 }),
    ),
    /** The member's VIP level (the vip domain's) at least this one. */
    vipLevelMin: Type.Optional(Type.Integer({ minimum: 0, maximum: 99 })),
    /** The member's VIP level one of these. */
    vipLevels: Type.Optional(
      Type.Array(Type.Integer({ minimum: 0, maximum: 99 }), {
        minItems: 1,
        maxItems: 100,
        uniqueItems: true,
      }),
    ),
  },
  { additionalProperties: false },
);
export type PromotionRules = Static<typeof PromotionRules>;

/** Contribution of each game category to wagering, in percent (0-100); a missing category counts 0. */
export const Contributions = Type.Record(
  Type.String({ pattern: `^(${GAME_CATEGORIES.join('|')})$` }),
  Type.Integer({ minimum: 0, maximum: 100 }),
);

/** What a raffle prize gives: money (bonus under the promotion's wagering) or points (credited once). */
export const RAFFLE_PRIZE_KINDS = ['money', 'points'] as const;
export type RafflePrizeKind = (typeof RAFFLE_PRIZE_KINDS)[number];

/** Whole points of a prize: 1 to 999,999,999,999 (text, like every points value). */
export const PRIZE_POINTS_PATTERN = '^[1-9][0-9]{0,11}$';

/**
 * A raffle prize: money (`amount`, bonus money under the promotion's wagering) or points (`points`,
 * whole points to the member's points), its weight and stock. `kind` defaults to money.
 */
export const RafflePrizeInput = Type.Object(
  {
    nameEn: Type.String({ minLength: 1, maxLength: 80, pattern: '^[^\\u0000]*$' }),
    nameMs: Type.Optional(Text(80)),
    nameCn: Type.Optional(Text(80)),
    kind: Type.Optional(Type.Enum(RAFFLE_PRIZE_KINDS)),
    /** kind money: the amount (required then). */
    amount: Type.Optional(AmountInput),
    /** kind points: the whole points (required then). */
    points: Type.Optional(Type.String({ pattern: PRIZE_POINTS_PATTERN })),
    weight: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
    stock: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
  },
  { additionalProperties: false },
);
export type RafflePrizeInput = Static<typeof RafflePrizeInput>;

export const PromotionInput = Type.Object(
  {
    titleEn: Type.String({ minLength: 1, maxLength: 120, pattern: '^[^\\u0000]*$' }),
    titleMs: Type.Optional(Text(120)),
    titleCn: Type.Optional(Text(120)),
    contentEn: Type.Optional(Text(20_000)),
    contentMs: Type.Optional(Text(20_000)),
    contentCn: Type.Optional(Text(20_000)),
    image: Type.Optional(Text(500)),
    status: Type.Union([Type.Literal('draft'), Type.Literal('active'), Type.Literal('archived')]),
    startsAt: Type.String({ format: 'date-time', maxLength: 40 }),
    endsAt: Type.String({ format: 'date-time', maxLength: 40 }),
    frequency: Type.Union([
      Type.Literal('once'),
      Type.Literal('daily'),
      Type.Literal('weekly'),
      Type.Literal('semimonthly'),
      Type.Literal('monthly'),
    ]),
    rules: PromotionRules,
    rewardKind: Type.Union([
      Type.Literal('fixed'),
      Type.Literal('percent'),
      Type.Literal('raffle'),
      Type.Literal('free_rounds'),
      Type.Literal('points'),
    ]),
    rewardAmount: Type.Optional(AmountInput),
    /** rewardKind points: the whole points given (1 to 999999999999, no bonus money, no wagering). */
    rewardPoints: Type.Optional(Type.String({ pattern: PRIZE_POINTS_PATTERN })),
    /** rewardKind raffle: the prizes, drawn by weight among those in stock (1 to 20). */
    rafflePrizes: Type.Optional(Type.Array(RafflePrizeInput, { minItems: 1, maxItems: 20 })),
    /** rewardKind free_rounds: the house slot (catalogue game id), its fixed stake and the rounds given. */
    freeRoundsGame: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,17}$' })),
    freeRoundsStake: Type.Optional(AmountInput),
    freeRoundsCount: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    /** Percent of the deposit, up to 2 decimals (e.g. "50" or "12.5"). */
    rewardPercent: Type.Optional(Type.String({ pattern: '^\\d{1,4}(\\.\\d{1,2})?$' })),
    rewardCap: Type.Optional(AmountInput),
    wageringMultiplier: Type.Integer({ minimum: 0, maximum: 1000 }),
    wageringIncludesDeposit: Type.Boolean(),
    contributions: Contributions,
    maxBet: Type.Optional(AmountInput),
    expiryDays: Type.Integer({ minimum: 1, maximum: 3650 }),
    needsApproval: Type.Boolean(),
    asksContact: Type.Boolean(),
    sortOrder: Type.Optional(Type.Integer({ minimum: -100_000, maximum: 100_000 })),
  },
  { additionalProperties: false },
);
export type PromotionInput = Static<typeof PromotionInput>;

/** A promotion as the back office edits it. */
export const AdminPromotion = Type.Object({
  id: Type.String(),
  titleEn: Type.String(),
  titleMs: Type.String(),
  titleCn: Type.String(),
  contentEn: Type.String(),
  contentMs: Type.String(),
  contentCn: Type.String(),
  image: Type.String(),
  status: Type.String(),
  startsAt: Type.String(),
  endsAt: Type.String(),
  frequency: Type.String(),
  rules: Type.Object({
    newMemberDays: Type.Optional(Type.Integer()),
    depositNth: Type.Optional(Type.Integer()),
    depositMin: Type.Optional(Amount),
    depositMax: Type.Optional(Amount),
    turnoverMin: Type.Optional(Amount),
    turnoverDays: Type.Optional(Type.Integer()),
    usernames: Type.Optional(Type.Array(Type.String())),
    vipLevelMin: Type.Optional(Type.Integer()),
    vipLevels: Type.Optional(Type.Array(Type.Integer())),
  }),
  rewardKind: Type.String(),
  rewardAmount: Amount,
  rewardPercent: Type.String(),
  rewardCap: Amount,
  wageringMultiplier: Type.Integer(),
  wageringIncludesDeposit: Type.Boolean(),
  contributions: Type.Record(Type.String(), Type.Integer()),
  maxBet: Amount,
  expiryDays: Type.Integer(),
  needsApproval: Type.Boolean(),
  asksContact: Type.Boolean(),
  sortOrder: Type.Integer(),
  /** rewardKind free_rounds: the catalogue game id ('' otherwise), stake and count. */
  freeRoundsGame: Type.String(),
  freeRoundsStake: Amount,
  freeRoundsCount: Type.Integer(),
  /** rewardKind points: the whole points given ('0' otherwise). */
  rewardPoints: Type.String(),
  rafflePrizes: Type.Array(
    Type.Object({
      ...RafflePrizeInput.properties,
      nameMs: Type.String(),
      nameCn: Type.String(),
      kind: Type.Enum(RAFFLE_PRIZE_KINDS),
      /** '0.00' for a points prize. */
      amount: Amount,
      /** '0' for a money prize. */
      points: Type.String(),
      remaining: Type.Integer(),
    }),
  ),
});
export type AdminPromotion = Static<typeof AdminPromotion>;
export const AdminPromotions = Type.Object({ items: Type.Array(AdminPromotion) });
export type AdminPromotions = Static<typeof AdminPromotions>;

/** A promotion card of the member site, with the member's state in it (null: open to apply). */
export const PromotionCard = Type.Object({
  id: Type.String(),
  title: Type.String(),
  image: Type.String(),
  startsAt: Type.String(),
  endsAt: Type.String(),
  state: Type.Union([Type.Enum(PROMOTION_STATES), Type.Null()]),
  /** The member's record of the current period, when there is one. */
  recordId: Type.Union([Type.String(), Type.Null()]),
  canApply: Type.Boolean(),
  canClaim: Type.Boolean(),
  canCancel: Type.Boolean(),
  asksContact: Type.Boolean(),
  rewardKind: Type.String(),
  rewardAmount: Amount,
  rewardPercent: Type.String(),
  rewardCap: Amount,
  /** rewardKind points: the whole points given ('0' otherwise). */
  rewardPoints: Type.String(),
  /** rewardKind free_rounds: the rounds given (0 otherwise) and their stake. */
  freeRoundsCount: Type.Integer(),
  freeRoundsStake: Amount,
  wageringMultiplier: Type.Integer(),
});
export type PromotionCard = Static<typeof PromotionCard>;
export const PromotionCards = Type.Object({ items: Type.Array(PromotionCard) });
export type PromotionCards = Static<typeof PromotionCards>;

/**
 * A raffle's fairness record: the SHA-256 of its server seed, committed when the promotion was
 * made; the seed itself once the promotion has ended (null before).
 */
export const RaffleFairness = Type.Object({
  seedHash: Type.String(),
  serverSeed: Type.Union([Type.String(), Type.Null()]),
  prizes: Type.Array(
    Type.Object({
      name: Type.String(),
      kind: Type.Enum(RAFFLE_PRIZE_KINDS),
      amount: Amount,
      points: Type.String(),
      weight: Type.Integer(),
      remaining: Type.Integer(),
    }),
  ),
});
export type RaffleFairness = Static<typeof RaffleFairness>;

/** `/promoDetail?id=`: the card with its rules (content is HTML, sanitized by the web). */
export const PromotionDetail = Type.Object({
  ...PromotionCard.properties,
  content: Type.String(),
  frequency: Type.String(),
  rules: AdminPromotion.properties.rules,
  wageringIncludesDeposit: Type.Boolean(),
  contributions: Type.Record(Type.String(), Type.Integer()),
  maxBet: Amount,
  expiryDays: Type.Integer(),
  needsApproval: Type.Boolean(),
  raffle: Type.Union([RaffleFairness, Type.Null()]),
});
export type PromotionDetail = Static<typeof PromotionDetail>;

/** `MCS2_claimRafflePromotion` body: the ticket (the member's record) and an optional client seed. */
export const RaffleClaimBody = Type.Object(
  {
    id: Id,
    clientSeed: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' })),
  },
  { additionalProperties: false },
);
export type RaffleClaimBody = Static<typeof RaffleClaimBody>;

/**
 * A drawn ticket: the prize and how to check it. roll = HMAC-SHA256(serverSeed,
 * `<ticket>:<clientSeed>`) in hex; its first 13 hex digits as an integer, modulo the sum of the
 * weights of `available` (the prizes in stock at the draw, in order), pick the prize by running sums.
 */
export const RaffleDraw = Type.Object({
  ticket: Type.String(),
  promotionId: Type.String(),
  prize: Type.String(),
  prizeKind: Type.Enum(RAFFLE_PRIZE_KINDS),
  /** The money won ('0.00' for a points prize). */
  amount: Amount,
  /** The points credited to the member's points ('0' for a money prize). */
  points: Type.String(),
  seedHash: Type.String(),
  clientSeed: Type.String(),
  roll: Type.String(),
  available: Type.Array(Type.Object({ prizeId: Type.String(), weight: Type.Integer() })),
  prizeId: Type.String(),
  /** The ticket's state after the draw: claimed, or process when the promotion asks for wagering. */
  state: Type.String(),
});
export type RaffleDraw = Static<typeof RaffleDraw>;

/**
 * The free rounds a claimed `free_rounds` reward granted: one house slot at one fixed stake. What
 * the rounds win is bonus money of the record, under the promotion's wagering.
 */
export const FreeRoundGrant = Type.Object({
  grantId: Type.String(),
  vendorCode: Type.String(),
  gameCode: Type.String(),
  gameName: Type.String(),
  stake: Amount,
  granted: Type.Integer(),
  remaining: Type.Integer(),
  expiresAt: Type.String(),
  state: Type.Union([
    Type.Literal('active'),
    Type.Literal('used'),
    Type.Literal('expired'),
    Type.Literal('cancelled'),
  ]),
});
export type FreeRoundGrant = Static<typeof FreeRoundGrant>;

/** A member's record of a promotion: the reward centre and bonusDetails. */
export const MemberPromotion = Type.Object({
  id: Type.String(),
  promotionId: Type.String(),
  title: Type.String(),
  state: Type.Enum(RECORD_STATES),
  closeReason: Type.String(),
  rejectReason: Type.String(),
  depositAmount: Amount,
  bonusAmount: Amount,
  wageringRequired: Amount,
  wageringDone: Amount,
  lockedAmount: Amount,
  forfeitedAmount: Amount,
  flaggedBets: Type.Integer(),
  maxBet: Amount,
  claimedAt: Type.Union([Type.String(), Type.Null()]),
  expiresAt: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  /** A raffle ticket: true; its prize once drawn. */
  raffle: Type.Boolean(),
  prize: Type.Union([Type.String(), Type.Null()]),
  /** A free-round reward once claimed: its grant (remaining rounds, game, expiry). */
  freeRounds: Type.Optional(Type.Union([FreeRoundGrant, Type.Null()])),
  /** A drawn points prize: the points credited; null otherwise. */
  prizePoints: Type.Union([Type.String(), Type.Null()]),
  /** A points reward (reward kind points): the points it gives, credited once claimed; null otherwise. */
  rewardPoints: Type.Union([Type.String(), Type.Null()]),
  /** The activity remark the member wrote when applying (at most 140 characters); null: none. */
  remark: Type.Union([Type.String(), Type.Null()]),
});
export type MemberPromotion = Static<typeof MemberPromotion>;
export const MemberPromotions = Type.Object({ items: Type.Array(MemberPromotion) });
export type MemberPromotions = Static<typeof MemberPromotions>;

export const RewardCentreQuery = Type.Object(
  { state: Type.Optional(Type.Enum(RECORD_STATES)) },
  { additionalProperties: false },
);

export const PromotionIdParams = Type.Object({ id: Id });

/** Spec §5 and §9: an activity remark holds at most 140 characters. */
export const ACTIVITY_REMARK_MAX = 140;

/**
 * Apply body: the optional activity remark for the operator deciding the application, at most 140
 * characters, without control characters (NUL, escapes); surrounding blanks are dropped, and one
 * that is only blanks counts as none.
 */
export const ApplyBody = Type.Object(
  {
    remark: Type.Optional(
      Type.String({
        maxLength: ACTIVITY_REMARK_MAX,
        pattern: '^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F]*$',
      }),
    ),
  },
  { additionalProperties: false },
);
export type ApplyBody = Static<typeof ApplyBody>;

/** Claim body: the Zalo or WhatsApp id when the promotion asks for one (spec §5). */
export const ClaimBody = Type.Object(
  {
    contactKind: Type.Optional(Type.Union([Type.Literal('zalo'), Type.Literal('whatsapp')])),
    contactId: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_.+\\-]{3,40}$' })),
  },
  { additionalProperties: false },
);
export type ClaimBody = Static<typeof ClaimBody>;

/** Back office: a reason for reject, cancel and forfeit. */
export const ReasonBody = Type.Object(
  { reason: Type.String({ minLength: 1, maxLength: 300, pattern: '^[^\\u0000]*\\S[^\\u0000]*$' }) },
  { additionalProperties: false },
);

export const AdminMemberPromotion = Type.Object({
  ...MemberPromotion.properties,
  memberId: Type.String(),
  username: Type.String(),
  contactKind: Type.String(),
  contactId: Type.String(),
});
export type AdminMemberPromotion = Static<typeof AdminMemberPromotion>;
export const AdminMemberPromotions = Type.Object({ items: Type.Array(AdminMemberPromotion) });
export type AdminMemberPromotions = Static<typeof AdminMemberPromotions>;

export const AdminRecordQuery = Type.Object(
  {
    state: Type.Optional(Type.Enum(RECORD_STATES)),
    username: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_]{1,32}$' })),
  },
  { additionalProperties: false },
);

/** The builder's preview: what a deposit of `depositAmount` would give and require. */
export const PreviewBody = Type.Object(
  { promotion: PromotionInput, depositAmount: Type.Optional(AmountInput) },
  { additionalProperties: false },
);
export const PromotionPreview = Type.Object({
  bonusAmount: Amount,
  wageringRequired: Amount,
  lockedAmount: Amount,
  /** A points reward: the points it gives ('0' for another kind). */
  rewardPoints: Type.String(),
});
export type PromotionPreview = Static<typeof PromotionPreview>;
