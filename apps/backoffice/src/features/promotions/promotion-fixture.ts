/**
 * A back-office promotion as `GET /bo/v1/promotions` lists it, for the promotion page's tests: every
 * field at its empty value; a test spreads it and sets what its case is about.
 */
export const promotionBase = {
  titleMs: '',
  titleCn: '',
  contentEn: '',
  contentMs: '',
  contentCn: '',
  image: '',
  status: 'active',
  startsAt: '2026-01-01T00:00:00.000Z',
  endsAt: '2026-12-31T00:00:00.000Z',
  frequency: 'once',
  rules: {},
  rewardAmount: '0.00',
  rewardPercent: '0',
  rewardCap: '0.00',
  rewardPoints: '0',
  wageringMultiplier: 1,
  wageringIncludesDeposit: false,
  contributions: {},
  maxBet: '0.00',
  expiryDays: 7,
  needsApproval: false,
  asksContact: false,
  sortOrder: 0,
  freeRoundsGame: '',
  freeRoundsStake: '0.00',
  freeRoundsCount: 0,
  rafflePrizes: [],
};
