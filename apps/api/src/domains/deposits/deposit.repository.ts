import { sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import { pageNewestFirst } from '../../db/paging.ts';
import type { DepositKind } from './deposits.tables.ts';

export type MethodRow = {
  id: string;
  code: string;
  kind: DepositKind;
  name: string;
  minimumAmount: bigint;
  maximumAmount: bigint;
  enabled: boolean;
  sortOrder: number;
  gatewayId: string | null;
};

export type BankAccountRow = {
  id: string;
  methodId: string;
  bankName: string;
  accountName: string;
  accountNumber: string;
  enabled: boolean;
  sortOrder: number;
};

const METHOD_COLUMNS = [
  'id',
  'code',
  'kind',
  'name',
  'minimum_amount',
  'maximum_amount',
  'enabled',
  'sort_order',
  'gateway_id',
] as const;

function toMethod(row: {
  id: string;
  code: string;
  kind: DepositKind;
  name: string;
  minimum_amount: string;
  maximum_amount: string;
  enabled: boolean;
  sort_order: number;
  gateway_id: string | null;
}): MethodRow {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    name: row.name,
    minimumAmount: BigInt(row.minimum_amount),
    maximumAmount: BigInt(row.maximum_amount),
    enabled: row.enabled,
    sortOrder: row.sort_order,
    gatewayId: row.gateway_id,
  };
}

const BANK_COLUMNS = [
  'id',
  'method_id',
  'bank_name',
  'account_name',
  'account_number',
  'enabled',
  'sort_order',
] as const;

function toBankAccount(row: {
  id: string;
  method_id: string;
  bank_name: string;
  account_name: string;
  account_number: string;
  enabled: boolean;
  sort_order: number;
}): BankAccountRow {
  return {
    id: row.id,
    methodId: row.method_id,
    bankName: row.bank_name,
    accountName: row.account_name,
    accountNumber: row.account_number,
    enabled: row.enabled,
    sortOrder: row.sort_order,
  };
}

/** Every method of a brand (enabled or not) in its sort order. */
export async function listMethods(db: Executor, brandId: string, onlyEnabled: boolean): Promise<MethodRow[]> {
  const rows = await db
    .selectFrom('deposit_methods')
    .select(METHOD_COLUMNS)
    .where('brand_id', '=', brandId)
    .$if(onlyEnabled, (q) => q.where('enabled', '=', true))
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return rows.map(toMethod);
}

export async function findMethod(db: Executor, brandId: string, methodId: string): Promise<MethodRow | null> {
  const row = await db
    .selectFrom('deposit_methods')
    .select(METHOD_COLUMNS)
    .where('brand_id', '=', brandId)
    .where('id', '=', methodId)
    .executeTakeFirst();
  return row ? toMethod(row) : null;
}

export async function findMethodByCode(
  db: Executor,
  brandId: string,
  code: string,
): Promise<MethodRow | null> {
  const row = await db
    .selectFrom('deposit_methods')
    .select(METHOD_COLUMNS)
    .where('brand_id', '=', brandId)
    .where('code', '=', code)
    .executeTakeFirst();
  return row ? toMethod(row) : null;
}

export type MethodInput = {
  code: string;
  kind: DepositKind;
  name: string;
  minimumAmount: bigint;
  maximumAmount: bigint;
  enabled: boolean;
  sortOrder: number;
  gatewayId: string | null;
};

export async function insertMethod(db: Executor, brandId: string, input: MethodInput): Promise<MethodRow> {
  const row = await db
    .insertInto('deposit_methods')
    .values({
      brand_id: brandId,
      code: input.code,
      kind: input.kind,
      name: input.name,
      minimum_amount: input.minimumAmount,
      maximum_amount: input.maximumAmount,
      enabled: input.enabled,
      sort_order: input.sortOrder,
      gateway_id: input.gatewayId,
    })
    .returning(METHOD_COLUMNS)
    .executeTakeFirstOrThrow();
  return toMethod(row);
}

export async function updateMethod(
  db: Executor,
  brandId: string,
  methodId: string,
  input: Omit<MethodInput, 'code' | 'kind'>,
): Promise<MethodRow | null> {
  const row = await db
    .updateTable('deposit_methods')
    .set({
      name: input.name,
      minimum_amount: input.minimumAmount,
      maximum_amount: input.maximumAmount,
      enabled: input.enabled,
      sort_order: input.sortOrder,
      gateway_id: input.gatewayId,
    })
    .where('brand_id', '=', brandId)
    .where('id', '=', methodId)
    .returning(METHOD_COLUMNS)
    .executeTakeFirst();
  return row ? toMethod(row) : null;
}

export async function listBankAccounts(
  db: Executor,
  brandId: string,
  methodIds: string[],
  onlyEnabled: boolean,
): Promise<BankAccountRow[]> {
  if (methodIds.length === 0) return [];
  const rows = await db
    .selectFrom('deposit_bank_accounts')
    .select(BANK_COLUMNS)
    .where('brand_id', '=', brandId)
    .where('method_id', 'in', methodIds)
    .$if(onlyEnabled, (q) => q.where('enabled', '=', true))
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return rows.map(toBankAccount);
}

export async function findBankAccount(
  db: Executor,
  brandId: string,
  accountId: string,
): Promise<BankAccountRow | null> {
  const row = await db
    .selectFrom('deposit_bank_accounts')
    .select(BANK_COLUMNS)
    .where('brand_id', '=', brandId)
    .where('id', '=', accountId)
    .executeTakeFirst();
  return row ? toBankAccount(row) : null;
}

export type BankAccountInput = {
  bankName: string;
  accountName: string;
  accountNumber: string;
  enabled: boolean;
  sortOrder: number;
};

export async function insertBankAccount(
  db: Executor,
  brandId: string,
  methodId: string,
  input: BankAccountInput,
): Promise<BankAccountRow> {
  const row = await db
    .insertInto('deposit_bank_accounts')
    .values({
      brand_id: brandId,
      method_id: methodId,
      bank_name: input.bankName,
      account_name: input.accountName,
      account_number: input.accountNumber,
      enabled: input.enabled,
      sort_order: input.sortOrder,
    })
    .returning(BANK_COLUMNS)
    .executeTakeFirstOrThrow();
  return toBankAccount(row);
}

export async function updateBankAccount(
  db: Executor,
  brandId: string,
  accountId: string,
  input: BankAccountInput,
): Promise<BankAccountRow | null> {
  const row = await db
    .updateTable('deposit_bank_accounts')
    .set({
      bank_name: input.bankName,
      account_name: input.accountName,
      account_number: input.accountNumber,
      enabled: input.enabled,
      sort_order: input.sortOrder,
    })
    .where('brand_id', '=', brandId)
    .where('id', '=', accountId)
    .returning(BANK_COLUMNS)
    .executeTakeFirst();
  return row ? toBankAccount(row) : null;
}

// Gateways

export type GatewayRow = {
  id: string;
  brandId: string;
  code: string;
  name: string;
  kind: 'demo' | 'external';
  secretEncrypted: string;
  active: boolean;
};

const GATEWAY_COLUMNS = ['id', 'brand_id', 'code', 'name', 'kind', 'secret_encrypted', 'active'] as const;

function toGateway(row: {
  id: string;
  brand_id: string;
  code: string;
  name: string;
  kind: 'demo' | 'external';
  secret_encrypted: string;
  active: boolean;
}): GatewayRow {
  return {
    id: row.id,
    brandId: row.brand_id,
    code: row.code,
    name: row.name,
    kind: row.kind,
    secretEncrypted: row.secret_encrypted,
    active: row.active,
  };
}

export async function findGatewayById(db: Executor, brandId: string, id: string): Promise<GatewayRow | null> {
  const row = await db
    .selectFrom('payment_gateways')
    .select(GATEWAY_COLUMNS)
    .where('brand_id', '=', brandId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toGateway(row) : null;
}

/** A gateway by the brand's merchant code and its own code (the callback's lookup). */
export async function findGatewayForCallback(
  db: Executor,
  merchantCode: string,
  gatewayCode: string,
): Promise<(GatewayRow & { currency: string }) | null> {
  const row = await db
    .selectFrom('payment_gateways')
    .innerJoin('brands', 'brands.id', 'payment_gateways.brand_id')
    .select([
      'payment_gateways.id',
      'payment_gateways.brand_id',
      'payment_gateways.code',
      'payment_gateways.name',
      'payment_gateways.kind',
      'payment_gateways.secret_encrypted',
      'payment_gateways.active',
      'brands.currency',
    ])
    .where('brands.merchant_code', '=', merchantCode)
    .where('payment_gateways.code', '=', gatewayCode)
    .executeTakeFirst();
  return row ? { ...toGateway(row), currency: row.currency } : null;
}

export async function listGateways(db: Executor, brandId: string): Promise<GatewayRow[]> {
  const rows = await db
    .selectFrom('payment_gateways')
    .select(GATEWAY_COLUMNS)
    .where('brand_id', '=', brandId)
    .orderBy('id')
    .execute();
  return rows.map(toGateway);
}

/** Creates a gateway or replaces the name, kind, secret and active flag of the existing code. */
export async function upsertGateway(
  db: Executor,
  brandId: string,
  input: { code: string; name: string; kind: 'demo' | 'external'; secretEncrypted: string; active: boolean },
): Promise<GatewayRow> {
  const row = await db
    .insertInto('payment_gateways')
    .values({
      brand_id: brandId,
      code: input.code,
      name: input.name,
      kind: input.kind,
      secret_encrypted: input.secretEncrypted,
      active: input.active,
    })
    .onConflict((oc) =>
      oc.columns(['brand_id', 'code']).doUpdateSet({
        name: input.name,
        kind: input.kind,
        secret_encrypted: input.secretEncrypted,
        active: input.active,
      }),
    )
    .returning(GATEWAY_COLUMNS)
    .executeTakeFirstOrThrow();
  return toGateway(row);
}

// Deposits

export type BankSnapshot = { bankName: string; accountName: string; accountNumber: string };

export type DepositRow = {
  id: string;
  brandId: string;
  memberId: string;
  username: string;
  methodId: string;
  methodName: string;
  gatewayId: string | null;
  kind: DepositKind;
  reference: string;
  amount: bigint;
  currency: string;
  status: 'pending' | 'approved' | 'paid' | 'rejected' | 'cancelled' | 'failed';
  clientRequestId: string;
  bank: BankSnapshot | null;
  transferReference: string;
  receiptStoredName: string | null;
  receiptMime: string | null;
  gatewayTransactionId: string | null;
  rejectReason: string;
  reviewedBy: string | null;
  createdAt: Date;
  resolvedAt: Date | null;
};

function depositQuery(db: Executor) {
  return db
    .selectFrom('deposits as d')
    .innerJoin('deposit_methods as m', 'm.id', 'd.method_id')
    .innerJoin('members as mb', 'mb.id', 'd.member_id')
    .select([
      'd.id',
      'd.brand_id',
      'd.member_id',
      'mb.username',
      'd.method_id',
      'm.name as method_name',
      'm.gateway_id',
      'd.kind',
      'd.reference',
      'd.amount',
      'd.currency',
      'd.status',
      'd.client_request_id',
      'd.bank_snapshot',
      'd.transfer_reference',
      'd.receipt_stored_name',
      'd.receipt_mime',
      'd.gateway_transaction_id',
      'd.reject_reason',
      'd.reviewed_by',
      'd.created_at',
      'd.resolved_at',
    ]);
}

type DepositSelect = Awaited<ReturnType<ReturnType<typeof depositQuery>['executeTakeFirstOrThrow']>>;

function toDeposit(row: DepositSelect): DepositRow {
  const snapshot = (
    typeof row.bank_snapshot === 'string' ? JSON.parse(row.bank_snapshot) : row.bank_snapshot
  ) as BankSnapshot | null;
  return {
    id: row.id,
    brandId: row.brand_id,
    memberId: row.member_id,
    username: row.username,
    methodId: row.method_id,
    methodName: row.method_name,
    gatewayId: row.gateway_id,
    kind: row.kind,
    reference: row.reference,
    amount: BigInt(row.amount),
    currency: row.currency,
    status: row.status,
    clientRequestId: row.client_request_id,
    bank: snapshot ?? null,
    transferReference: row.transfer_reference,
    receiptStoredName: row.receipt_stored_name,
    receiptMime: row.receipt_mime,
    gatewayTransactionId: row.gateway_transaction_id,
    rejectReason: row.reject_reason,
    reviewedBy: row.reviewed_by,
    createdAt: row.created_at,
    resolvedAt: row.resolved_at,
  };
}

export type NewDeposit = {
  brandId: string;
  memberId: string;
  methodId: string;
  kind: DepositKind;
  reference: string;
  amount: bigint;
  currency: string;
  clientRequestId: string;
  bankAccountId: string | null;
  bank: BankSnapshot | null;
  transferReference: string;
  receiptStoredName: string | null;
  receiptMime: string | null;
};

/** Inserts a pending deposit; null when the member already used this client request id. */
export async function insertDeposit(db: Executor, input: NewDeposit): Promise<string | null> {
  const row = await db
    .insertInto('deposits')
    .values({
      brand_id: input.brandId,
      member_id: input.memberId,
      method_id: input.methodId,
      kind: input.kind,
      reference: input.reference,
      amount: input.amount,
      currency: input.currency,
      client_request_id: input.clientRequestId,
      bank_account_id: input.bankAccountId,
      bank_snapshot: input.bank ? JSON.stringify(input.bank) : null,
      transfer_reference: input.transferReference,
      receipt_stored_name: input.receiptStoredName,
      receipt_mime: input.receiptMime,
    })
    .onConflict((oc) => oc.columns(['brand_id', 'member_id', 'client_request_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function findDeposit(
  db: Executor,
  brandId: string,
  id: string,
  memberId?: string,
): Promise<DepositRow | null> {
  const row = await depositQuery(db)
    .where('d.brand_id', '=', brandId)
    .where('d.id', '=', id)
    .$if(memberId !== undefined, (q) => q.where('d.member_id', '=', memberId as string))
    .executeTakeFirst();
  return row ? toDeposit(row) : null;
}

export async function findDepositByRequest(
  db: Executor,
  brandId: string,
  memberId: string,
  clientRequestId: string,
): Promise<DepositRow | null> {
  const row = await depositQuery(db)
    .where('d.brand_id', '=', brandId)
    .where('d.member_id', '=', memberId)
    .where('d.client_request_id', '=', clientRequestId)
    .executeTakeFirst();
  return row ? toDeposit(row) : null;
}

/** By the platform's reference (unique across brands; what a gateway and the demo page know). */
export async function findDepositByReference(db: Executor, reference: string): Promise<DepositRow | null> {
  const row = await depositQuery(db).where('d.reference', '=', reference).executeTakeFirst();
  return row ? toDeposit(row) : null;
}

export type DepositFilter = {
  memberId?: string;
  status?: DepositRow['status'];
  methodId?: string;
  username?: string;
  from?: Date;
  toExclusive?: Date;
};

export async function listDeposits(
  db: Executor,
  brandId: string,
  filter: DepositFilter,
  page: number,
  size: number,
): Promise<{ items: DepositRow[]; total: number }> {
  const apply = <Q extends ReturnType<typeof depositQuery>>(q: Q): Q =>
    q
      .where('d.brand_id', '=', brandId)
      .$if(filter.memberId !== undefined, (w) => w.where('d.member_id', '=', filter.memberId as string))
      .$if(filter.status !== undefined, (w) =>
        w.where('d.status', '=', filter.status as DepositRow['status']),
      )
      .$if(filter.methodId !== undefined, (w) => w.where('d.method_id', '=', filter.methodId as string))
      .$if(filter.username !== undefined, (w) => w.where('mb.username', '=', filter.username as string))
      .$if(filter.from !== undefined, (w) => w.where('d.created_at', '>=', filter.from as Date))
      .$if(filter.toExclusive !== undefined, (w) =>
        w.where('d.created_at', '<', filter.toExclusive as Date),
      ) as Q;
  const { items, total } = await pageNewestFirst(apply(depositQuery(db)), 'd.id', page, size);
  return { items: items.map(toDeposit), total };
}

/**
 * Moves a deposit out of `pending` (the only state any change starts from). Zero rows means
 * someone else changed it first: the caller answers deposit_state_invalid or its replay.
 */
export async function resolvePending(
  db: Executor,
  brandId: string,
  id: string,
  change: {
    status: 'approved' | 'paid' | 'rejected' | 'cancelled' | 'failed';
    memberId?: string;
    rejectReason?: string;
    reviewedBy?: string;
    gatewayTransactionId?: string;
  },
): Promise<boolean> {
  const row = await db
    .updateTable('deposits')
    .set({
      status: change.status,
      reject_reason: change.rejectReason ?? '',
      reviewed_by: change.reviewedBy ?? null,
      gateway_transaction_id: change.gatewayTransactionId ?? null,
      resolved_at: sql`now()`,
      updated_at: sql`now()`,
    })
    .where('brand_id', '=', brandId)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .$if(change.memberId !== undefined, (q) => q.where('member_id', '=', change.memberId as string))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Links a credited deposit to its ledger entry (same transaction as the credit). */
export async function setDepositEntry(db: Executor, id: string, entryId: string): Promise<void> {
  await db.updateTable('deposits').set({ entry_id: entryId }).where('id', '=', id).execute();
}

/** The depositing member with its brand's currency symbol (to open the wallet to credit). */
export async function findDepositOwner(db: Executor, memberId: string) {
  const row = await db
    .selectFrom('members')
    .innerJoin('brands', 'brands.id', 'members.brand_id')
    .select(['members.id', 'members.brand_id', 'members.is_agent', 'brands.currency_symbol'])
    .where('members.id', '=', memberId)
    .executeTakeFirstOrThrow();
  return { id: row.id, brandId: row.brand_id, isAgent: row.is_agent, currencySymbol: row.currency_symbol };
}

/** The brand's merchant code and name (what the demo gateway's page shows and signs for). */
export async function findBrandLabel(db: Executor, brandId: string) {
  const row = await db
    .selectFrom('brands')
    .select(['merchant_code', 'name'])
    .where('id', '=', brandId)
    .executeTakeFirstOrThrow();
  return { merchantCode: row.merchant_code, name: row.name };
}
