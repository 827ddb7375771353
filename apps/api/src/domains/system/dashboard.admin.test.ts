import type { Dashboard } from '@lotus/contracts/backoffice';
import { describe, expect, it } from 'vitest';
import { oneUtcDay } from '../../../test/days.ts';
import { reconcileAfterEach } from '../../../test/money.ts';
import { backOfficeTeam } from '../../../test/operators.ts';
import { setupTestApp } from '../../../test/support.ts';
import { findBrandByMerchantCode } from '../brands/brand.repository.ts';
import { ensureAccount } from '../wallet/ledger.repository.ts';
import { moneyTransaction, postEntry } from '../wallet/ledger.service.ts';
import { openMemberWallet } from '../wallet/wallet.service.ts';

const ctx = setupTestApp();
reconcileAfterEach(ctx);
const { bo, newMember } = backOfficeTeam(ctx);

describe('dashboard', () => {
  it(
    "sums today's deposit entries of the ledger",
    oneUtcDay(async () => {
      const before = await bo<Dashboard>('readonly', 'GET', '/bo/v1/dashboard');
      const member = await newMember();
      const brand = await findBrandByMerchantCode(ctx.db, 'DEMO');
      if (!brand) throw new Error('no demo brand');
      const wallet = await openMemberWallet(ctx.db, brand, { id: member.id, brandId: brand.id, isAgent: 0 });
      await moneyTransaction(ctx.db, async (trx) => {
        const { account: provider } = await ensureAccount(trx, {
          brandId: brand.id,
          kind: 'payment_provider',
          ownerKey: 'dashboard-test',
          currency: brand.currency,
        });
        await postEntry(trx, {
          brandId: brand.id,
          kind: 'deposit',
          idempotencyKey: `dashboard-test:${member.id}`,
          requestHash: 'dashboard-test',
          legs: [
            { account: provider, amount: -12_345n },
            { account: wallet, amount: 12_345n },
          ],
        });
      });
      const after = await bo<Dashboard>('readonly', 'GET', '/bo/v1/dashboard');
      expect(after.body.value.depositsToday.count).toBe(before.body.value.depositsToday.count + 1);
      const cents = (amount: string) => BigInt(amount.replace('.', ''));
      expect(cents(after.body.value.depositsToday.sum) - cents(before.body.value.depositsToday.sum)).toBe(
        12_345n,
      );
    }),
  );

  it(
    "counts today's registrations and active members",
    oneUtcDay(async () => {
      const before = await bo<Dashboard>('readonly', 'GET', '/bo/v1/dashboard');
      await newMember('5.00');
      const after = await bo<Dashboard>('readonly', 'GET', '/bo/v1/dashboard');
      expect(after.body.value.registrationsToday).toBe(before.body.value.registrationsToday + 1);
      expect(after.body.value.activeMembersToday).toBe(before.body.value.activeMembersToday + 1);
      expect(after.body.value.depositsToday.sum).toMatch(/^\d+\.\d{2}$/);
    }),
  );
});
