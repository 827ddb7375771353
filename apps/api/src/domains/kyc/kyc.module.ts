import type { DomainModule } from '../../http/module.ts';
import { kycAdminRoutes } from './kyc.admin.routes.ts';
import { kycRoutes } from './kyc.routes.ts';
import * as m20261201T175500 from './migrations/20261201T175500_kyc.ts';
import { computeRiskSignals } from './risk.service.ts';

/**
 * Age and identity (issue 25): the brand's minimum age at every account creation, KYC states and
 * documents with their back-office review, the brand's KYC policy enforced in the deposit,
 * withdrawal and stake paths, and the risk signals operators follow up. Listed before the wallet in
 * modules.ts: the wallet's wallet_stake_gate calls this module's kyc_stake_allowed.
 */
export const kycModule: DomainModule = {
  name: 'kyc',
  routes: kycRoutes,
  adminRoutes: kycAdminRoutes,
  jobs: [
    {
      name: 'kyc_risk_signals',
      pattern: '17 * * * *',
      leaseSeconds: 600,
      run: (db, now) => computeRiskSignals(db, now),
    },
  ],
  migrations: {
    '20261201T175500_kyc': m20261201T175500,
  },
  functions: [{ name: 'kyc_stake_allowed', file: new URL('./sql/kyc_stake_allowed.sql', import.meta.url) }],
};
