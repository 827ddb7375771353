import { formatAmount, parseAmount } from '@lotus/contracts/money';
import type { TransferUplineBody, TransferUplineResult, UplineInfo } from '@lotus/contracts/withdrawals';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { sha256Hex } from '../../lib/hashing.ts';
import { checkDepositLimit } from '../limits/limits.service.ts';
import { findMemberById } from '../members/member.service.ts';
import type { Member } from '../members/member.ts';
import { accountBalance, moneyTransaction, postEntry } from '../wallet/ledger.service.ts';
import { openMemberWallet, type WalletBrand } from '../wallet/wallet.service.ts';
import {
  findUplineTransfer,
  insertUplineTransfer,
  lockMember,
  setUplineTransferEntry,
} from './withdrawal.repository.ts';

async function uplineOf(db: Db, member: Member): Promise<Member> {
  const upline = member.uplineId ? await findMemberById(db, member.brandId, member.uplineId) : null;
  if (!upline) throw new AppError('upline_not_found');
  return upline;
}

export function uplineInfo(member: Member): UplineInfo {
  return { hasUpline: member.uplineId !== null, uplineAccount: member.uplineUsername ?? '' };
}

/**
 * `passwordCheck/MCSFE_transferToUpline` (after the funds password): moves the amount from the
 * member's main wallet to the main wallet of its upline agent (members.upline_id, same brand) in
 * one journal entry. The client's request id is claimed by a unique index in the same
 * transaction, so a repeat returns the first transfer; insufficient balance stores nothing.
 */
export async function transferToUpline(
  db: Db,
  brand: WalletBrand,
  member: Member,
  body: TransferUplineBody,
): Promise<TransferUplineResult> {
  const amount = parseAmount(body.amount.trim(), brand.currency);
  if (amount === null || amount <= 0n) throw new AppError('amount_invalid');
  const upline = await uplineOf(db, member);
  const answer = async (id: string, stored: bigint, balance: bigint): Promise<TransferUplineResult> => {
    if (stored !== amount) throw new AppError('idempotency_mismatch');
    return {
      id,
      amount: formatAmount(stored, brand.currency),
      uplineAccount: upline.username,
      balance: formatAmount(balance, brand.currency),
    };
  };
  const from = await openMemberWallet(db, brand, {
    id: member.id,
    brandId: brand.id,
    isAgent: member.isAgent,
  });
  const earlier = await findUplineTransfer(db, brand.id, member.id, body.clientRequestId);
  if (earlier) return answer(earlier.id, BigInt(earlier.amount), await accountBalance(db, from.id));
  const to = await openMemberWallet(db, brand, { id: upline.id, brandId: brand.id, isAgent: upline.isAgent });
  return moneyTransaction(db, async (trx) => {
    await lockMember(trx, brand.id, member.id);
    const concurrent = await findUplineTransfer(trx, brand.id, member.id, body.clientRequestId);
    if (concurrent)
      return answer(concurrent.id, BigInt(concurrent.amount), await accountBalance(trx, from.id));
    // Money received from another member counts as the receiver's deposit (docs/limits.md).
    await checkDepositLimit(trx, brand, upline.id, amount, 'credit');
    const id = await insertUplineTransfer(trx, {
      brandId: brand.id,
      memberId: member.id,
      uplineId: upline.id,
      amount,
      currency: brand.currency,
      clientRequestId: body.clientRequestId,
    });
    const key = `transfer_upline:${id}`;
    const posted = await postEntry(trx, {
      brandId: brand.id,
      kind: 'transfer_upline',
      idempotencyKey: key,
      requestHash: sha256Hex(`${key}|${member.id}|${upline.id}|${amount}`),
      reference: `member:${member.id}`,
      metadata: { uplineId: upline.id },
      legs: [
        { account: from, amount: -amount },
        { account: to, amount },
      ],
    });
    await setUplineTransferEntry(trx, id, posted.entryId);
    return answer(id, amount, posted.balances.get(from.id) ?? (await accountBalance(trx, from.id)));
  });
}
