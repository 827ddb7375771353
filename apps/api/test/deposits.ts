import { randomUUID } from 'node:crypto';
import type { DepositCreated, DepositSettings } from '@lotus/contracts/deposits';
import { DEMO_GATEWAY_SECRET } from '../src/domains/deposits/deposit-seed.ts';
import { signBody } from '../src/domains/vendors/signature.ts';
import { mainBalance as balanceOf, type SignedInMember, signedInMember } from './factories.ts';
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

export type Depositor = SignedInMember;

export { brandOf } from './factories.ts';

/** A member of a brand (DEMO by default) with a live session. */
export function depositor(ctx: TestContext, options: { merchant?: string; isAgent?: number } = {}) {
  return signedInMember(ctx, { ...options, prefix: 'dp' });
}

export function mainBalance(ctx: TestContext, m: Depositor): Promise<bigint> {
  return balanceOf(ctx, m);
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
