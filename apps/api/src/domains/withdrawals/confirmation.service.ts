import { PROOF_IMAGE_RULES, type Withdrawal } from '@lotus/contracts/withdrawals';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { type AcceptedImage, acceptImage, type UploadStore } from '../../lib/uploads/uploads.ts';
import {
  autoConfirmPaid,
  findWithdrawal,
  type Transition,
  transition,
  type WithdrawalRow,
} from './withdrawal.repository.ts';
import {
  DEFAULT_WITHDRAW_SETTINGS,
  parseReceivedAmount,
  toWireWithdrawal,
  withdrawSettingsOf,
} from './withdrawal.service.ts';

/**
 * The member's answer after a withdrawal is paid (spec §4): received; not received, with a proof
 * image, which sends it back to operator review as a dispute; or a partial amount received, which
 * an operator resolves. Each answer is a conditional UPDATE from `paid`: a second answer (or one
 * racing the auto-receipt job) finds nothing to change and is refused.
 */

type Scope = { brandId: string; memberId: string; withdrawalId: string };

async function answer(db: Db, scope: Scope, change: Transition): Promise<Withdrawal> {
  const row = await transition(
    db,
    { brandId: scope.brandId, id: scope.withdrawalId, memberId: scope.memberId },
    change,
  );
  const settings = await withdrawSettingsOf(db, scope.brandId);
  if (row) return toWireWithdrawal(row, settings.autoReceiptMinutes);
  const existing = await findWithdrawal(db, scope.brandId, scope.withdrawalId, scope.memberId);
  throw new AppError(existing ? 'withdrawal_state_invalid' : 'withdrawal_not_found');
}

async function ownPaidWithdrawal(db: Db, scope: Scope): Promise<WithdrawalRow> {
  const row = await findWithdrawal(db, scope.brandId, scope.withdrawalId, scope.memberId);
  if (!row) throw new AppError('withdrawal_not_found');
  if (row.status !== 'paid') throw new AppError('withdrawal_state_invalid');
  return row;
}

export function confirmReceived(db: Db, scope: Scope): Promise<Withdrawal> {
  return answer(db, scope, {
    from: ['paid'],
    set: { status: 'received', confirmation: 'received', confirmed_at: new Date() },
  });
}

export async function confirmPartial(db: Db, scope: Scope, receivedAmount: string): Promise<Withdrawal> {
  const row = await ownPaidWithdrawal(db, scope);
  const minor = parseReceivedAmount(receivedAmount, row);
  return answer(db, scope, {
    from: ['paid'],
    set: {
      status: 'partial',
      confirmation: 'partial',
      received_amount: minor.toString(),
      confirmed_at: new Date(),
    },
  });
}

/** The part of a multipart stream read here (matches @fastify/multipart's parts). */
export type ProofPart =
  | { type: 'field'; fieldname: string; value: unknown; valueTruncated: boolean }
  | { type: 'file'; fieldname: string; toBuffer(): Promise<Buffer> };

async function readProof(parts: AsyncIterable<ProofPart>) {
  let image: AcceptedImage | null = null;
  let note = '';
  for await (const part of parts) {
    if (part.type === 'file') {
      if (part.fieldname !== 'image' || image) throw new AppError('request_param_err');
      image = await acceptImage(await part.toBuffer());
    } else if (part.fieldname === 'note') {
      if (part.valueTruncated || typeof part.value !== 'string') throw new AppError('request_param_err');
      note = part.value.trim().slice(0, PROOF_IMAGE_RULES.noteMax);
    }
  }
  if (!image) throw new AppError('proof_image_required');
  return { image, note };
}

/**
 * "Not received": the proof image is written to a temporary file, the dispute is recorded, and the
 * file gets its final name inside that transaction; any failure (a second answer included) removes
 * the file again.
 */
export async function reportNotReceived(
  db: Db,
  store: UploadStore,
  scope: Scope,
  parts: AsyncIterable<ProofPart>,
): Promise<Withdrawal> {
  const { image, note } = await readProof(parts);
  await ownPaidWithdrawal(db, scope);
  const written: string[] = [];
  try {
    const temp = await store.writeTemp(image.bytes);
    written.push(temp);
    const storedName = store.newStoredName('withdrawal-proof', scope.brandId, image.extension);
    return await db.transaction().execute(async (trx) => {
      const row = await transition(
        trx,
        { brandId: scope.brandId, id: scope.withdrawalId, memberId: scope.memberId },
        {
          from: ['paid'],
          set: {
            status: 'disputed',
            confirmation: 'not_received',
            proof_image: storedName,
            dispute_note: note,
            confirmed_at: new Date(),
          },
        },
      );
      if (!row) throw new AppError('withdrawal_state_invalid');
      await store.recordMemberFile(trx, {
        storedName,
        brandId: scope.brandId,
        memberId: scope.memberId,
        kind: 'withdrawal_proof',
        sizeBytes: image.bytes.length,
      });
      await store.promote(temp, storedName);
      written.push(store.finalPath(storedName));
      const settings = await withdrawSettingsOf(trx, scope.brandId);
      return toWireWithdrawal(row, settings.autoReceiptMinutes);
    });
  } catch (error) {
    await store.remove(written);
    throw error;
  }
}

/**
 * The auto-receipt job: every paid withdrawal left unanswered for its brand's minutes counts as
 * received. `now` is a parameter so tests can run it at any clock.
 */
export function autoConfirmWithdrawals(db: Db, now: Date = new Date()): Promise<number> {
  return autoConfirmPaid(db, now, DEFAULT_WITHDRAW_SETTINGS.autoReceiptMinutes);
}
