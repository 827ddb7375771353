import { randomBytes } from 'node:crypto';
import {
  checkDepositAmount,
  type Deposit,
  type DepositCreated,
  type DepositPage,
  type DepositRequestBody,
  type DepositSettings,
  RECEIPT_RULES,
} from '@lotus/contracts/deposits';
import { isId } from '@lotus/contracts/ids';
import { formatAmount } from '@lotus/contracts/money';
import QRCode from 'qrcode';
import type { Db } from '../../db/database.ts';
import type { Executor, Tx } from '../../db/executor.ts';
import { AppError } from '../../http/app-error.ts';
import { sha256Hex } from '../../lib/hashing.ts';
import { type AcceptedImage, acceptImage, type UploadStore } from '../../lib/uploads/uploads.ts';
import { assertNotExcluded } from '../exclusion/exclusion.service.ts';
import { assertKycAllows } from '../kyc/kyc.service.ts';
import { checkDepositLimit } from '../limits/limits.service.ts';
import { ensureAccount, postEntry } from '../wallet/ledger.service.ts';
import { openMemberWallet, type WalletBrand, type WalletOwner } from '../wallet/wallet.service.ts';
import {
  type DepositRow,
  findBankAccount,
  findDeposit,
  findDepositByRequest,
  findDepositOwner,
  findGatewayById,
  findMethod,
  insertDeposit,
  listBankAccounts,
  listDeposits,
  listMethods,
  type MethodRow,
  type NewDeposit,
  resolvePending,
  setDepositEntry,
} from './deposit.repository.ts';

/** The hosted page of the built-in demo gateway for one deposit. */
export function demoGatewayPath(reference: string): string {
  return `/wps/deposits/demo-gateway/${encodeURIComponent(reference)}`;
}

export type DepositBrand = WalletBrand & { merchantCode: string };

/** Where the member's browser is sent and what the QR encodes, built from the call's origin. */
export type PayLinks = { origin: string };

export function toWireDeposit(row: DepositRow): Deposit {
  return {
    id: row.id,
    reference: row.reference,
    kind: row.kind,
    methodName: row.methodName,
    amount: formatAmount(row.amount, row.currency),
    currency: row.currency,
    status: row.status,
    bankName: row.bank?.bankName ?? '',
    accountName: row.bank?.accountName ?? '',
    accountNumber: row.bank?.accountNumber ?? '',
    transferReference: row.transferReference,
    hasReceipt: row.receiptStoredName !== null,
    rejectReason: row.rejectReason,
    createdAt: row.createdAt.getTime(),
    resolvedAt: row.resolvedAt ? row.resolvedAt.getTime() : null,
  };
}

/** `MCSFE_getDepositSettings`: the brand's enabled methods with limits and receiving accounts. */
export async function depositSettings(db: Db, brand: DepositBrand): Promise<DepositSettings> {
  const methods = await listMethods(db, brand.id, true);
  const accounts = await listBankAccounts(
    db,
    brand.id,
    methods.filter((m) => m.kind === 'bank_transfer').map((m) => m.id),
    true,
  );
  // A bank transfer method without a receiving account cannot take deposits, so it is not offered.
  const offered = methods.filter(
    (m) => m.kind !== 'bank_transfer' || accounts.some((a) => a.methodId === m.id),
  );
  return {
    allowDeposit: offered.length > 0 ? 'Y' : 'N',
    currency: brand.currency,
    currencySymbol: brand.currencySymbol,
    methods: offered.map((m) => ({
      id: m.id,
      code: m.code,
      kind: m.kind,
      name: m.name,
      minAmount: formatAmount(m.minimumAmount, brand.currency),
      maxAmount: formatAmount(m.maximumAmount, brand.currency),
      bankAccounts: accounts
        .filter((a) => a.methodId === m.id)
        .map((a) => ({
          id: a.id,
          bankName: a.bankName,
          accountName: a.accountName,
          accountNumber: a.accountNumber,
        })),
    })),
  };
}

async function usableMethod(db: Executor, brandId: string, methodId: string, kinds: MethodRow['kind'][]) {
  const method = await findMethod(db, brandId, methodId);
  if (!method?.enabled || !kinds.includes(method.kind)) throw new AppError('deposit_method_unavailable');
  return method;
}

function amountWithinLimits(text: string, currency: string, method: MethodRow): bigint {
  const checked = checkDepositAmount(text, currency, {
    minimum: method.minimumAmount,
    maximum: method.maximumAmount,
  });
  if (checked.ok) return checked.minor;
  if (checked.reason === 'below_minimum') throw new AppError('deposit_amount_below_minimum');
  if (checked.reason === 'above_maximum') throw new AppError('deposit_amount_above_maximum');
  throw new AppError('amount_invalid', { fieldErrors: { amount: 'errors.amount_invalid' } });
}

/** 80 random bits: a gateway page or QR link cannot be guessed from another deposit's. */
function newReference(): string {
  return `DP${randomBytes(10).toString('hex').toUpperCase()}`;
}

/**
 * Inserts the deposit unless the member's client request id already made one; either way answers
 * the deposit of that request id (a double click creates one deposit). A repeat with another
 * amount or method is an idempotency mismatch.
 */
async function createOnce(db: Executor, input: NewDeposit): Promise<{ row: DepositRow; created: boolean }> {
  const id = await insertDeposit(db, input);
  const row = id
    ? await findDeposit(db, input.brandId, id)
    : await findDepositByRequest(db, input.brandId, input.memberId, input.clientRequestId);
  if (!row) throw new Error('deposit vanished');
  if (!id && (row.amount !== input.amount || row.methodId !== input.methodId)) {
    throw new AppError('idempotency_mismatch');
  }
  return { row, created: id !== null };
}

/** Where the member pays: the gateway's hosted page, or the QR of the payment string. */
async function payLinks(db: Db, deposit: DepositRow, links: PayLinks) {
  const gateway = deposit.gatewayId ? await findGatewayById(db, deposit.brandId, deposit.gatewayId) : null;
  const page = gateway?.kind === 'demo' ? `${links.origin}${demoGatewayPath(deposit.reference)}` : null;
  if (deposit.kind === 'gateway') return { redirectUrl: page, qrImage: null, qrPayload: null };
  if (deposit.kind === 'qr') {
    // The demo gateway's page is the payment string, so scanning it with a phone can pay; otherwise
    // a plain payment string carries the reference for the paying app.
    const payload =
      page ??
      `LOTUSPAY|${deposit.reference}|${formatAmount(deposit.amount, deposit.currency)}|${deposit.currency}`;
    const qrImage = await QRCode.toDataURL(payload, { type: 'image/png', margin: 1, width: 240 });
    return { redirectUrl: null, qrImage, qrPayload: payload };
  }
  return { redirectUrl: null, qrImage: null, qrPayload: null };
}

/** A gateway or QR deposit: pending until the signed callback or an operator confirms it. */
export async function requestDeposit(
  db: Db,
  brand: DepositBrand,
  member: WalletOwner,
  body: DepositRequestBody,
  links: PayLinks,
): Promise<DepositCreated> {
  await assertNotExcluded(db, member.id);
  const method = await usableMethod(db, brand.id, body.methodId, ['gateway', 'qr']);
  const amount = amountWithinLimits(body.amount, brand.currency, method);
  // The member's deposit limit, asked early (docs/limits.md); the credit asks again, locked.
  await checkDepositLimit(db, brand, member.id, amount, 'request');
  await assertKycAllows(db, brand, member.id, 'deposit', amount);
  const { row } = await createOnce(db, {
    brandId: brand.id,
    memberId: member.id,
    methodId: method.id,
    kind: method.kind,
    reference: newReference(),
    amount,
    currency: brand.currency,
    clientRequestId: body.clientRequestId,
    bankAccountId: null,
    bank: null,
    transferReference: '',
    receiptStoredName: null,
    receiptMime: null,
  });
  return { deposit: toWireDeposit(row), ...(await payLinks(db, row, links)) };
}

/** The part of a multipart stream the service reads (matches @fastify/multipart's parts). */
export type DepositFormPart =
  | { type: 'field'; fieldname: string; value: unknown; valueTruncated: boolean }
  | { type: 'file'; fieldname: string; toBuffer(): Promise<Buffer> };

type Receipt = AcceptedImage;

const FORM_FIELDS = ['methodId', 'bankAccountId', 'amount', 'transferReference', 'clientRequestId'] as const;
type FormField = (typeof FORM_FIELDS)[number];
const REQUEST_ID = /^[A-Za-z0-9_-]{8,64}$/;

/** Reads the whole form first: nothing is written unless every part is valid. */
async function readBankTransferForm(parts: AsyncIterable<DepositFormPart>) {
  const fields: Partial<Record<FormField, string>> = {};
  let receipt: Receipt | null = null;
  for await (const part of parts) {
    if (part.type === 'file') {
      if (part.fieldname !== 'receipt' || receipt) throw new AppError('request_param_err');
      receipt = await acceptImage(await part.toBuffer());
    } else if ((FORM_FIELDS as readonly string[]).includes(part.fieldname)) {
      if (part.valueTruncated || typeof part.value !== 'string') throw new AppError('request_param_err');
      fields[part.fieldname as FormField] = part.value;
    }
  }
  const { methodId, bankAccountId, amount, clientRequestId } = fields;
  const transferReference = (fields.transferReference ?? '').trim();
  if (!methodId || !isId(methodId) || !clientRequestId || !REQUEST_ID.test(clientRequestId)) {
    throw new AppError('request_param_err');
  }
  if (!bankAccountId || !isId(bankAccountId)) throw new AppError('deposit_bank_account_invalid');
  if (amount === undefined)
    throw new AppError('amount_invalid', { fieldErrors: { amount: 'errors.amount_invalid' } });
  if (
    !receipt ||
    transferReference.length === 0 ||
    [...transferReference].length > RECEIPT_RULES.transferReferenceMax
  ) {
    throw new AppError('deposit_form_invalid');
  }
  return { methodId, bankAccountId, amount, clientRequestId, transferReference, receipt };
}

/**
 * A manual bank transfer: the member names the receiving account, their transfer reference and a
 * receipt image. The image goes to a temporary file, the row is inserted, then the file is renamed
 * to its final name inside the transaction; a failure or a repeated request id leaves no file.
 */
export async function submitBankTransfer(
  db: Db,
  store: UploadStore,
  brand: DepositBrand,
  member: WalletOwner,
  parts: AsyncIterable<DepositFormPart>,
): Promise<DepositCreated> {
  await assertNotExcluded(db, member.id);
  const form = await readBankTransferForm(parts);
  const method = await usableMethod(db, brand.id, form.methodId, ['bank_transfer']);
  const account = await findBankAccount(db, brand.id, form.bankAccountId);
  if (!account?.enabled || account.methodId !== method.id) {
    throw new AppError('deposit_bank_account_invalid');
  }
  const amount = amountWithinLimits(form.amount, brand.currency, method);
  await checkDepositLimit(db, brand, member.id, amount, 'request');
  await assertKycAllows(db, brand, member.id, 'deposit', amount);
  const temp = await store.writeTemp(form.receipt.bytes);
  const written = [temp];
  try {
    const storedName = store.newStoredName('deposits', brand.id, form.receipt.extension);
    const row = await db.transaction().execute(async (trx) => {
      const { row: deposit, created } = await createOnce(trx, {
        brandId: brand.id,
        memberId: member.id,
        methodId: method.id,
        kind: 'bank_transfer',
        reference: newReference(),
        amount,
        currency: brand.currency,
        clientRequestId: form.clientRequestId,
        bankAccountId: account.id,
        bank: {
          bankName: account.bankName,
          accountName: account.accountName,
          accountNumber: account.accountNumber,
        },
        transferReference: form.transferReference,
        receiptStoredName: storedName,
        receiptMime: form.receipt.mimeType,
      });
      if (created) {
        await store.recordMemberFile(trx, {
          storedName,
          brandId: brand.id,
          memberId: member.id,
          kind: 'deposit_receipt',
          sizeBytes: form.receipt.bytes.length,
        });
        await store.promote(temp, storedName);
        written.push(store.finalPath(storedName));
      }
      return { deposit, created };
    });
    if (!row.created) await store.remove([temp]);
    return { deposit: toWireDeposit(row.deposit), redirectUrl: null, qrImage: null, qrPayload: null };
  } catch (error) {
    await store.remove(written);
    throw error;
  }
}

export async function memberDeposits(
  db: Db,
  brand: DepositBrand,
  member: WalletOwner,
  page: number,
  size: number,
): Promise<DepositPage> {
  const { items, total } = await listDeposits(db, brand.id, { memberId: member.id }, page, size);
  return { items: items.map(toWireDeposit), total, page, size };
}

/** One of the member's own deposits; another member's is simply not found. */
export async function memberDeposit(
  db: Db,
  brand: DepositBrand,
  member: WalletOwner,
  id: string,
  links: PayLinks,
): Promise<DepositCreated> {
  const row = await findDeposit(db, brand.id, id, member.id);
  if (!row) throw new AppError('deposit_not_found');
  const pay =
    row.status === 'pending'
      ? await payLinks(db, row, links)
      : { redirectUrl: null, qrImage: null, qrPayload: null };
  return { deposit: toWireDeposit(row), ...pay };
}

/** The member withdraws a pending deposit (no money moved yet, so none moves now). */
export async function cancelDeposit(
  db: Db,
  brand: DepositBrand,
  member: WalletOwner,
  id: string,
): Promise<Deposit> {
  const row = await findDeposit(db, brand.id, id, member.id);
  if (!row) throw new AppError('deposit_not_found');
  const changed = await resolvePending(db, brand.id, id, { status: 'cancelled', memberId: member.id });
  if (!changed) throw new AppError('deposit_state_invalid');
  const after = await findDeposit(db, brand.id, id, member.id);
  if (!after) throw new AppError('deposit_not_found');
  return toWireDeposit(after);
}

/**
 * Credits a pending deposit inside the caller's money transaction: the conditional UPDATE out of
 * `pending` comes first (it locks the row, so a parallel approval or callback waits and then finds
 * nothing pending), then the one ledger entry `deposit:<id>` from the method's payment-provider
 * account to the member's main wallet. Answers false when the deposit was no longer pending.
 * Throws limit_deposit_<period> when the credit would break the member's deposit limit.
 */
export async function creditDeposit(
  trx: Tx,
  deposit: DepositRow,
  wallet: { id: string; brandId: string; kind: 'member_main'; currency: string; mayGoNegative: boolean },
  change: { status: 'approved' | 'paid'; reviewedBy?: string; gatewayTransactionId?: string },
): Promise<boolean> {
  const moved = await resolvePending(trx, deposit.brandId, deposit.id, change);
  if (!moved) return false;
  // The member's deposit limit at the credit (docs/limits.md): the member's deposit limits locked,
  // so parallel credits pass one at a time; a credit over a limit throws limit_deposit_<period> and
  // the caller's transaction rolls back, leaving the deposit pending.
  await checkDepositLimit(
    trx,
    { id: deposit.brandId, currency: deposit.currency },
    deposit.memberId,
    deposit.amount,
    'credit',
  );
  const { account: provider } = await ensureAccount(trx, {
    brandId: deposit.brandId,
    kind: 'payment_provider',
    ownerKey: `deposit_method:${deposit.methodId}`,
    currency: deposit.currency,
  });
  const key = `deposit:${deposit.id}`;
  const posted = await postEntry(trx, {
    brandId: deposit.brandId,
    kind: 'deposit',
    idempotencyKey: key,
    requestHash: sha256Hex(`${key}|${deposit.memberId}|${deposit.amount}|${deposit.currency}`),
    reference: deposit.reference,
    metadata: { depositId: deposit.id, method: deposit.kind },
    legs: [
      { account: provider, amount: -deposit.amount },
      { account: wallet, amount: deposit.amount },
    ],
  });
  await setDepositEntry(trx, deposit.id, posted.entryId);
  return true;
}

/** Opens the depositing member's main wallet before the money transaction (idempotent). */
export async function walletOf(db: Db, deposit: DepositRow) {
  const owner = await findDepositOwner(db, deposit.memberId);
  const wallet = await openMemberWallet(
    db,
    { id: owner.brandId, currency: deposit.currency, currencySymbol: owner.currencySymbol },
    { id: owner.id, brandId: owner.brandId, isAgent: owner.isAgent },
  );
  return { ...wallet, kind: 'member_main' as const };
}
