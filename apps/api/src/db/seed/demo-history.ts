import type { Brand } from '../../domains/brands/brand.ts';
import { findMethodByCode } from '../../domains/deposits/deposit.repository.ts';
import { approveDeposit } from '../../domains/deposits/deposit.review.service.ts';
import { requestDeposit } from '../../domains/deposits/deposit.service.ts';
import { findMemberByUsername } from '../../domains/members/member.repository.ts';
import { listPromotions } from '../../domains/promotions/promotions.repository.ts';
import { applyPromotion, claimPromotion } from '../../domains/promotions/promotions.service.ts';
import { findAdjustmentByRequestId } from '../../domains/wallet/adjustment.repository.ts';
import { requestAdjustment } from '../../domains/wallet/adjustment.service.ts';
import type { Db } from '../database.ts';
import { DEMO_PLAYER } from './demo-accounts.ts';
import { DEMO_PROMOTION_TITLES, type SeedOperator } from './demo-rewards.ts';

/** demoplayer's opening balance: a manual credit (below the brand's second-approval threshold). */
export const DEMO_OPENING_BALANCE = { requestId: 'demo-opening-balance', amount: '500.00' } as const;
/** demoplayer's one deposit: the demo gateway's, approved by the finance operator. */
export const DEMO_FIRST_DEPOSIT = { clientRequestId: 'demo-first-deposit', amount: '100.00' } as const;

/**
 * demoplayer's start, made once (the opening balance's adjustment is the mark: present, nothing is
 * done): one approved deposit of 100.00 (so the first-deposit bonus is there to apply for and
 * claim), a raffle ticket and the daily points waiting in the reward centre, ten free spins claimed,
 * then an opening balance of 500.00 credited by the demo admin through a ledger adjustment. Every
 * step is the member's or an operator's own call, so the ledger reconciles as it would after them.
 */
export async function seedDemoHistory(
  db: Db,
  brand: Brand,
  operators: { admin: SeedOperator; finance: SeedOperator },
  now = new Date(),
): Promise<void> {
  if (await findAdjustmentByRequestId(db, brand.id, DEMO_OPENING_BALANCE.requestId)) return;
  const player = await findMemberByUsername(db, brand.id, DEMO_PLAYER.username);
  if (!player) return;
  const owner = { id: player.id, brandId: brand.id, isAgent: player.isAgent };

  const online = await findMethodByCode(db, brand.id, 'online');
  if (online) {
    const { deposit } = await requestDeposit(
      db,
      brand,
      owner,
      { methodId: online.id, ...DEMO_FIRST_DEPOSIT },
      { origin: 'http://localhost:8080' },
    );
    if (deposit.status === 'pending') await approveDeposit(db, brand.id, operators.finance, deposit.id);
  }

  const promotions = await listPromotions(db, brand.id, true);
  const byTitle = (title: string) => promotions.find((p) => p.title_en === title);
  const member = { id: player.id, username: player.username, isAgent: player.isAgent };
  const apply = async (title: string) => {
    const promotion = byTitle(title);
    if (!promotion) return null;
    return applyPromotion(db, brand, member, promotion.id, 'EN', now);
  };
  await apply(DEMO_PROMOTION_TITLES.raffle);
  await apply(DEMO_PROMOTION_TITLES.points);
  const spins = await apply(DEMO_PROMOTION_TITLES.freeSpins);
  if (spins?.state === 'issued') await claimPromotion(db, brand, member, spins.id, {}, 'EN', now);

  await requestAdjustment(db, brand, operators.admin, operators.admin.ip, {
    requestId: DEMO_OPENING_BALANCE.requestId,
    memberId: player.id,
    direction: 'credit',
    amount: DEMO_OPENING_BALANCE.amount,
    reason: 'Demo opening balance: play at once',
  });
}
