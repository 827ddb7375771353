import type { Db } from '../../db/database.ts';
import { findMethodByCode, insertBankAccount, insertMethod, listGateways } from './deposit.repository.ts';
import { saveGateway } from './payment-gateway.service.ts';

/**
 * Demo-only callback secret of the DEMO brand's built-in gateway (README: Deposits). A real
 * brand configures its gateways' secrets through the back office; this one is public on purpose.
 */
export const DEMO_GATEWAY_SECRET = 'demo-gateway-secret-not-for-production';
export const DEMO_GATEWAY_CODE = 'demo';

/**
 * The demo brand's deposit methods: a manual bank transfer with one receiving account, the demo
 * gateway and a QR payment confirmed by the same gateway, each 10.00 to 50,000.00. Idempotent:
 * what exists already (by code) is left as it is.
 */
export async function seedDemoDeposits(db: Db, brandId: string): Promise<void> {
  const gateways = await listGateways(db, brandId);
  const gateway =
    gateways.find((g) => g.code === DEMO_GATEWAY_CODE) ??
    (await saveGateway(db, brandId, {
      code: DEMO_GATEWAY_CODE,
      name: 'Demo gateway',
      kind: 'demo',
      secret: DEMO_GATEWAY_SECRET,
      active: true,
    }));
  const limits = { minimumAmount: 1_000n, maximumAmount: 5_000_000n, enabled: true };
  if (!(await findMethodByCode(db, brandId, 'bank'))) {
    const bank = await insertMethod(db, brandId, {
      code: 'bank',
      kind: 'bank_transfer',
      name: 'Bank transfer',
      sortOrder: 1,
      gatewayId: null,
      ...limits,
    });
    await insertBankAccount(db, brandId, bank.id, {
      bankName: 'Maybank',
      accountName: 'Lotus Demo Sdn Bhd',
      accountNumber: '514012345678',
      enabled: true,
      sortOrder: 1,
    });
  }
  if (!(await findMethodByCode(db, brandId, 'online'))) {
    await insertMethod(db, brandId, {
      code: 'online',
      kind: 'gateway',
      name: 'Online banking (demo gateway)',
      sortOrder: 2,
      gatewayId: gateway.id,
      ...limits,
    });
  }
  if (!(await findMethodByCode(db, brandId, 'qr'))) {
    await insertMethod(db, brandId, {
      code: 'qr',
      kind: 'qr',
      name: 'QR payment',
      sortOrder: 3,
      gatewayId: gateway.id,
      ...limits,
    });
  }
}
