import { randomUUID } from 'node:crypto';
import type { DepositCreated, DepositSettings } from '@lotus/contracts/deposits';
import { findBrandByMerchantCode } from '../src/domains/brands/brand.repository.ts';
import type { Brand } from '../src/domains/brands/brand.ts';
import { DEMO_GATEWAY_SECRET } from '../src/domains/deposits/deposit-seed.ts';
import { findMemberById } from '../src/domains/members/member.repository.ts';
import { SessionService } from '../src/domains/members/session.service.ts';
import { signBody } from '../src/domains/vendors/signature.ts';
import { accountBalance } from '../src/domains/wallet/ledger.repository.ts';
import { openMemberWallet } from '../src/domains/wallet/wallet.service.ts';
import { createMember } from '../src/harness.ts';
import { randomIp } from './members.ts';
import { call, headers, type TestContext } from './support.ts';

export const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'),
  Buffer.alloc(64, 1),
]);
export const JPG = Buffer.concat([
  Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'),
  Buffer.alloc(64, 2),
]);
export const GIF = Buffer.concat([Buffer.from('GIF89a', 'ascii'), Buffer.alloc(64, 3)]);

export type Depositor = {
  id: string;
  username: string;
  token: string;
  owner: { id: string; brandId: string; isAgent: number };
};

export async function brandOf(ctx: TestContext, merchant = 'DEMO'): Promise<Brand> {
  const brand = await findBrandByMerchantCode(ctx.db, merchant);
  if (!brand) throw new Error(`no brand ${merchant}`);
  return brand;
}

/** A member of a brand with a live session. */
export async function depositor(ctx: TestContext, options: { merchant?: string; isAgent?: number } = {}) {
  const merchant = options.merchant ?? 'DEMO';
  const brand = await brandOf(ctx, merchant);
  const username = `dp${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const isAgent = options.isAgent ?? 0;
  const { id } = await createMember(ctx.db, {
    merchantCode: merchant,
    username,
    password: 'Secret123',
    isAgent,
  });
  const member = await findMemberById(ctx.db, brand.id, id);
  if (!member) throw new Error('member vanished');
  const token = await new SessionService(ctx.db, 120).start(member, { ip: randomIp(), device: 'web' });
  return { id, username, token, owner: { id, brandId: brand.id, isAgent } } satisfies Depositor;
}

export async function mainBalance(ctx: TestContext, m: Depositor, merchant = 'DEMO'): Promise<bigint> {
  const wallet = await openMemberWallet(ctx.db, await brandOf(ctx, merchant), m.owner);
  return accountBalance(ctx.db, wallet.id);
}

export async function settings(ctx: TestContext, m: Depositor, merchant = 'DEMO') {
  return call<DepositSettings>(ctx.app, {
    method: 'GET',
    url: '/wps/relay/MCSFE_getDepositSettings',
    headers: { ...headers(merchant), authorization: m.token },
  });
}

export async function methodId(ctx: TestContext, m: Depositor, kind: 'bank_transfer' | 'gateway' | 'qr') {
  const res = await settings(ctx, m);
  const method = res.body.value.methods.find((x) => x.kind === kind);
  if (!method) throw new Error(`no ${kind} method`);
  return method;
}

export type Part =
  | { name: string; value: string }
  | { name: string; filename: string; contentType: string; bytes: Buffer };

export function multipart(parts: Part[]) {
  const boundary = '----lotusDepositBoundary42';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
        ),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`,
        ),
        part.bytes,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Declares a bank transfer; `fields` override the defaults, `receipt: null` sends no file. */
export async function bankTransfer(
  ctx: TestContext,
  m: Depositor,
  fields: Record<string, string> = {},
  receipt: { bytes: Buffer; filename?: string; contentType?: string } | null = { bytes: PNG },
  merchant = 'DEMO',
) {
  const method = await methodId(ctx, m, 'bank_transfer');
  const values: Record<string, string> = {
    methodId: method.id,
    bankAccountId: method.bankAccounts[0]?.id ?? '0',
    amount: '100.00',
    transferReference: 'TRX-0001',
    clientRequestId: randomUUID(),
    ...fields,
  };
  const parts: Part[] = Object.entries(values).map(([name, value]) => ({ name, value }));
  if (receipt) {
    parts.push({
      name: 'receipt',
      filename: receipt.filename ?? 'receipt.png',
      contentType: receipt.contentType ?? 'image/png',
      bytes: receipt.bytes,
    });
  }
  const { payload, contentType } = multipart(parts);
  return call<DepositCreated>(ctx.app, {
    method: 'POST',
    url: '/wps/deposits/bank-transfer',
    headers: { ...headers(merchant), authorization: m.token, 'content-type': contentType },
    payload,
  });
}

/** Starts a gateway or QR deposit. */
export async function onlineDeposit(
  ctx: TestContext,
  m: Depositor,
  kind: 'gateway' | 'qr',
  body: Partial<{ amount: string; clientRequestId: string; methodId: string }> = {},
) {
  const method = await methodId(ctx, m, kind);
  return call<DepositCreated>(ctx.app, {
    method: 'POST',
    url: '/wps/deposits',
    headers: { ...headers(), authorization: m.token },
    payload: { methodId: method.id, amount: '100.00', clientRequestId: randomUUID(), ...body },
  });
}

/** A gateway callback as the demo gateway signs it (or with `secret` to forge one). */
export function callback(
  ctx: TestContext,
  body: Record<string, unknown>,
  options: { secret?: string; gateway?: string; merchant?: string } = {},
) {
  const raw = JSON.stringify(body);
  return call<{ reference: string; status: string; applied: boolean }>(ctx.app, {
    method: 'POST',
    url: `/wps/deposits/callback/${options.gateway ?? 'demo'}`,
    headers: {
      'content-type': 'application/json',
      merchant: options.merchant ?? 'DEMO',
      'x-signature': signBody(options.secret ?? DEMO_GATEWAY_SECRET, raw),
    },
    payload: raw,
  });
}

export function paidBody(deposit: { reference: string; amount: string; currency: string }) {
  return {
    reference: deposit.reference,
    gatewayTransactionId: `GW-${deposit.reference}`,
    status: 'paid',
    amount: deposit.amount,
    currency: deposit.currency,
  };
}
