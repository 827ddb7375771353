import { formatAmount, parseAmount } from '@lotus/contracts/money';
import type {
  AdminMemberPromotion,
  AdminPromotion,
  PromotionInput,
  PromotionPreview,
} from '@lotus/contracts/promotions';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';
import { AppError } from '../../http/app-error.ts';
import { type AuditOperator, auditChange as audit } from '../operators/audit.service.ts';
import { moneyTransaction } from '../wallet/ledger.service.ts';
import { freeRoundValues, withFreeRounds } from './free-rounds.service.ts';
import {
  adminRecords,
  findPromotion,
  findRecord,
  insertPromotion,
  listPromotions,
  moveRecord,
  type PromotionRow,
  type RecordRow,
  updatePromotion,
} from './promotions.repository.ts';
import {
  bonusOf,
  forfeitInTx,
  type PromoBrand,
  promotionValues,
  toAdminPromotion,
  toMemberPromotion,
  wageringOf,
} from './promotions.service.ts';
import { adminPrizes, prizeValues, saveRaffle } from './raffle.service.ts';

export type Operator = AuditOperator;

export async function adminPromotions(db: Db, brand: PromoBrand): Promise<{ items: AdminPromotion[] }> {
  const rows = await listPromotions(db, brand.id, false);
  const prizes = await adminPrizes(
    db,
    brand,
    rows.filter((r) => r.reward_kind === 'raffle').map((r) => r.id),
  );
  return {
    items: rows.map((r) => ({
      ...toAdminPromotion(r, brand.currency),
      rafflePrizes: prizes.get(r.id) ?? [],
    })),
  };
}

/** A promotion as the back office shows it, with its raffle prizes. */
async function adminPromotion(db: Executor, brand: PromoBrand, row: PromotionRow): Promise<AdminPromotion> {
  const prizes = await adminPrizes(db, brand, [row.id]);
  return { ...toAdminPromotion(row, brand.currency), rafflePrizes: prizes.get(row.id) ?? [] };
}

/** A promotion's stored values (free rounds checked against the catalogue) and its raffle's prizes. */
async function storedValues(db: Db, brand: PromoBrand, input: PromotionInput) {
  const values = {
    ...promotionValues(input, brand.currency),
    ...(await freeRoundValues(db, brand.id, input, brand.currency)),
  };
  const prizes =
    input.rewardKind === 'raffle'
      ? prizeValues(input.rafflePrizes, brand.currency, input.wageringMultiplier)
      : [];
  return { values, prizes };
}

export async function createPromotion(
  db: Db,
  brand: PromoBrand,
  operator: Operator,
  input: PromotionInput,
): Promise<AdminPromotion> {
  const { values, prizes } = await storedValues(db, brand, input);
  return db.transaction().execute(async (trx) => {
    const id = await insertPromotion(trx, brand.id, values);
    await saveRaffle(trx, brand.id, id, input.rewardKind, prizes);
    const row = await findPromotion(trx, brand.id, id);
    if (!row) throw new Error('promotion vanished');
    const wire = await adminPromotion(trx, brand, row);
    await audit(trx, operator, 'promotions.create', { type: 'promotion', id }, null, wire);
    return wire;
  });
}

export async function changePromotion(
  db: Db,
  brand: PromoBrand,
  operator: Operator,
  id: string,
  input: PromotionInput,
): Promise<AdminPromotion> {
  const { values, prizes } = await storedValues(db, brand, input);
  return db.transaction().execute(async (trx) => {
    const before = await findPromotion(trx, brand.id, id);
    if (!before) throw new AppError('promotion_not_found');
    const beforeWire = await adminPromotion(trx, brand, before);
    await updatePromotion(trx, brand.id, id, values);
    await saveRaffle(trx, brand.id, id, input.rewardKind, prizes);
    const row = await findPromotion(trx, brand.id, id);
    if (!row) throw new AppError('promotion_not_found');
    const wire = await adminPromotion(trx, brand, row);
    await audit(trx, operator, 'promotions.update', { type: 'promotion', id }, beforeWire, wire);
    return wire;
  });
}

/** The builder's preview: bonus, wagering and lock for an example deposit, nothing stored. */
export function previewPromotion(
  brand: PromoBrand,
  input: PromotionInput,
  depositAmount?: string,
): PromotionPreview {
  const values = promotionValues(input, brand.currency);
  const deposit = depositAmount === undefined ? 0n : parseAmount(depositAmount, brand.currency);
  if (deposit === null || deposit < 0n) throw new AppError('amount_invalid');
  const row = { ...values, reward_amount: values.reward_amount, reward_cap: values.reward_cap };
  const bonus = bonusOf(row, deposit);
  const wagering = wageringOf(row, bonus, deposit);
  return {
    bonusAmount: formatAmount(bonus, brand.currency),
    wageringRequired: formatAmount(wagering, brand.currency),
    lockedAmount: formatAmount(wagering > 0n ? bonus : 0n, brand.currency),
    rewardPoints: values.reward_points,
  };
}

function toAdminRecord(row: RecordRow, currency: string): AdminMemberPromotion {
  return {
    ...toMemberPromotion(row, 'EN', currency),
    memberId: row.member_id,
    username: row.username,
    contactKind: row.contact_kind,
    contactId: row.contact_id,
  };
}

/** The approval queue (state applying) or the records of one member (search by username). */
export async function adminMemberPromotions(
  db: Db,
  brand: PromoBrand,
  filter: { state?: string; username?: string },
): Promise<{ items: AdminMemberPromotion[] }> {
  const rows = await adminRecords(db, brand.id, filter);
  const items = rows.map((r) => toAdminRecord(r, brand.currency));
  return { items: await withFreeRounds(db, brand, items, 'EN') };
}

async function decided(db: Executor, brand: PromoBrand, id: string) {
  const row = await findRecord(db, brand.id, id);
  if (!row) throw new AppError('promotion_not_found');
  const [item] = await withFreeRounds(db, brand, [toAdminRecord(row, brand.currency)], 'EN');
  if (!item) throw new AppError('promotion_not_found');
  return item;
}

/**
 * An operator's decision on a record: approve (applying -> issued), reject with a reason
 * (applying -> rejected), cancel with a reason (applying|issued -> close) or forfeit a bonus in
 * process (-> close, min(locked, balance) back to the pool). One conditional UPDATE, the money and
 * the audit row in one transaction: two operators racing decide once.
 */
export async function decideRecord(
  db: Db,
  brand: PromoBrand,
  operator: Operator,
  id: string,
  action: 'approve' | 'reject' | 'cancel' | 'forfeit',
  reason: string,
): Promise<AdminMemberPromotion> {
  const before = await findRecord(db, brand.id, id);
  if (!before) throw new AppError('promotion_not_found');
  await moneyTransaction(db, async (trx) => {
    let ok = false;
    if (action === 'approve') {
      // Every reward kind, points too, is then claimed by the member (who may be asked a contact).
      ok = !!(await moveRecord(
        trx,
        { brandId: brand.id, id, from: ['applying'] },
        { state: 'issued', decided_by: operator.id },
      ));
    } else if (action === 'reject') {
      ok = !!(await moveRecord(
        trx,
        { brandId: brand.id, id, from: ['applying'] },
        { state: 'rejected', reject_reason: reason, decided_by: operator.id },
      ));
    } else if (action === 'cancel') {
      ok = !!(await moveRecord(
        trx,
        { brandId: brand.id, id, from: ['applying', 'issued'] },
        { state: 'close', close_reason: `operator: ${reason}`, decided_by: operator.id },
      ));
    } else {
      ok = (await forfeitInTx(trx, brand, id, `operator: ${reason}`)) !== null;
    }
    if (!ok) throw new AppError('promotion_state_invalid');
    const after = await decided(trx, brand, id);
    await audit(
      trx,
      operator,
      `promotions.record.${action}`,
      { type: 'member_promotion', id },
      toAdminRecord(before, brand.currency),
      { ...after, reason },
    );
  });
  return decided(db, brand, id);
}
