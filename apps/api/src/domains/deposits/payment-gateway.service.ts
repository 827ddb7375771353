import type { GatewayCallbackBody, GatewayCallbackResult } from '@lotus/contracts/deposits';
import { formatAmount, parseAmount } from '@lotus/contracts/money';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { decryptSecret, encryptSecret } from '../vendors/vendor.service.ts';
import { moneyTransaction } from '../wallet/ledger.service.ts';
import {
  type DepositRow,
  findBrandLabel,
  findDeposit,
  findDepositByReference,
  findGatewayById,
  type GatewayRow,
  resolvePending,
  upsertGateway,
} from './deposit.repository.ts';
import { creditDeposit, demoGatewayPath, walletOf } from './deposit.service.ts';

export function callbackPath(gatewayCode: string): string {
  return `/wps/deposits/callback/${encodeURIComponent(gatewayCode)}`;
}

/** Creates or replaces a gateway; its callback secret is stored encrypted, like vendor secrets. */
export async function saveGateway(
  db: Db,
  brandId: string,
  input: { code: string; name: string; kind: 'demo' | 'external'; secret: string; active: boolean },
): Promise<GatewayRow> {
  return upsertGateway(db, brandId, {
    code: input.code,
    name: input.name,
    kind: input.kind,
    active: input.active,
    secretEncrypted: await encryptSecret(db, input.secret),
  });
}

export function gatewaySecret(db: Db, gateway: GatewayRow): Promise<string> {
  return decryptSecret(db, gateway.secretEncrypted);
}

/**
 * Applies a gateway callback whose signature was already verified. `paid` credits the deposit
 * once (conditional UPDATE + ledger entry in one transaction; a replay, however many arrive in
 * parallel, finds it no longer pending and answers `applied: false`); `failed` closes it without
 * money. A deposit of another gateway is not found; another amount or currency is refused.
 */
export async function applyGatewayCallback(
  db: Db,
  gateway: GatewayRow,
  body: GatewayCallbackBody,
): Promise<GatewayCallbackResult> {
  const deposit = await findDepositByReference(db, body.reference);
  if (!deposit || deposit.brandId !== gateway.brandId || deposit.gatewayId !== gateway.id) {
    throw new AppError('deposit_not_found');
  }
  if (body.currency !== deposit.currency || parseAmount(body.amount, deposit.currency) !== deposit.amount) {
    throw new AppError('deposit_callback_mismatch');
  }
  const wallet = await walletOf(db, deposit);
  const applied = await moneyTransaction(db, async (trx) =>
    body.status === 'paid'
      ? creditDeposit(trx, deposit, wallet, {
          status: 'paid',
          gatewayTransactionId: body.gatewayTransactionId,
        })
      : resolvePending(trx, deposit.brandId, deposit.id, {
          status: 'failed',
          gatewayTransactionId: body.gatewayTransactionId,
        }),
  );
  const after = (await findDeposit(db, deposit.brandId, deposit.id)) as DepositRow;
  if (!applied) {
    // A replay of what already happened is answered as success; a paid callback for a deposit that
    // was rejected or cancelled meanwhile is refused (an operator settles it with the gateway).
    const same =
      (body.status === 'paid' && (after.status === 'paid' || after.status === 'approved')) ||
      (body.status === 'failed' && after.status === 'failed');
    if (!same) throw new AppError('deposit_state_invalid');
  }
  return { reference: after.reference, status: after.status, applied };
}

/** The demo gateway's view of a deposit (only deposits of an active demo gateway have a page). */
export async function demoDeposit(db: Db, reference: string) {
  const deposit = await findDepositByReference(db, reference);
  if (!deposit?.gatewayId) return null;
  const gateway = await findGatewayById(db, deposit.brandId, deposit.gatewayId);
  if (gateway?.kind !== 'demo' || !gateway.active) return null;
  const brand = await findBrandLabel(db, deposit.brandId);
  return { deposit, gateway, merchantCode: brand.merchantCode, brandName: brand.name };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The demo gateway's hosted page: a stand-in for a real payment provider's site, so it is plain
 * English like a third party's page would be, not part of the translated member site.
 */
export function demoGatewayPage(view: NonNullable<Awaited<ReturnType<typeof demoDeposit>>>): string {
  const { deposit } = view;
  const amount = `${formatAmount(deposit.amount, deposit.currency)} ${deposit.currency}`;
  const path = demoGatewayPath(deposit.reference);
  const pending = deposit.status === 'pending';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Demo payment gateway</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1f2937}
.card{border:1px solid #d1d5db;border-radius:.75rem;padding:1.5rem}dt{color:#6b7280;font-size:.875rem}dd{margin:0 0 .75rem;font-weight:600}
button{font-size:1rem;padding:.6rem 1.4rem;border-radius:.5rem;border:0;cursor:pointer;margin-right:.5rem}
.pay{background:#16a34a;color:#fff}.cancel{background:#e5e7eb}</style></head>
<body><main class="card"><h1>Demo payment gateway</h1>
<p>No real money moves here: this page stands in for a payment provider.</p>
<dl><dt>Merchant</dt><dd>${escapeHtml(view.brandName)}</dd><dt>Reference</dt><dd>${escapeHtml(deposit.reference)}</dd>
<dt>Amount</dt><dd data-testid="demo-amount">${escapeHtml(amount)}</dd><dt>Status</dt><dd data-testid="demo-status">${escapeHtml(deposit.status)}</dd></dl>
${
  pending
    ? `<form method="post" action="${path}/pay" style="display:inline"><button class="pay" type="submit">Pay</button></form>
<form method="post" action="${path}/cancel" style="display:inline"><button class="cancel" type="submit">Cancel</button></form>`
    : '<p><a href="/">Back to the site</a></p>'
}
</main></body></html>`;
}
