import type { MemberPromotion } from '@lotus/contracts/promotions';

/**
 * A member's promotion record as the reward centre receives it, for the promotion components' tests:
 * a claimed record with no money, points, raffle or free rounds; a test sets what its case is about.
 */
export const memberPromotion = (extra: Partial<MemberPromotion> = {}): MemberPromotion => ({
  id: '1',
  promotionId: '7',
  title: 'Promotion',
  state: 'claimed',
  closeReason: '',
  rejectReason: '',
  depositAmount: '0.00',
  bonusAmount: '0.00',
  wageringRequired: '0.00',
  wageringDone: '0.00',
  lockedAmount: '0.00',
  forfeitedAmount: '0.00',
  flaggedBets: 0,
  maxBet: '0.00',
  claimedAt: '2026-11-26T08:00:00.000Z',
  expiresAt: null,
  createdAt: '2026-11-26T08:00:00.000Z',
  raffle: false,
  prize: null,
  prizePoints: null,
  rewardPoints: null,
  remark: null,
  ...extra,
});
