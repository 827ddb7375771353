import type { DomainModule } from '../../http/module.ts';
import { provideClubLabel } from '../members/club-label.ts';
import * as m0034 from './migrations/0034_vip.ts';
import { dailyRebate } from './rebate.service.ts';
import { vipDeposits, vipTurnover } from './turnover.consumer.ts';
import { vipAdminRoutes } from './vip.admin.routes.ts';
import { VIP_LEDGER_KINDS } from './vip.ledger-kinds.ts';
import { vipRoutes } from './vip.routes.ts';
import { vipClubLabel, vipNightly } from './vip.service.ts';

// The member info's clubLabel shows the member's level: members cannot import this domain (a cycle
// through lottery and wallet), so this domain registers its read with the members domain.
provideClubLabel(vipClubLabel);

/**
 * VIP, player rank and rebate (issue 15). Consumers of the money facts keep turnover per member, day
 * and category (stake_placed, stake_returned) and deposits per member and day
 * (deposit_credited). Jobs, under the scheduler's lease and run keys:
 * - vip_nightly (00:10 UTC): levels up and down with their history, upgrade and monthly bonuses;
 * - vip_daily_rebate (00:30 UTC): the automatic rebate of brands in the `daily` mode.
 */
export const vipModule: DomainModule = {
  name: 'vip',
  ledgerKinds: VIP_LEDGER_KINDS,
  routes: vipRoutes,
  adminRoutes: vipAdminRoutes,
  consumers: [vipTurnover, vipDeposits],
  jobs: [
    { name: 'vip_nightly', pattern: '0 10 0 * * *', leaseSeconds: 1800, run: vipNightly },
    { name: 'vip_daily_rebate', pattern: '0 30 0 * * *', leaseSeconds: 1800, run: dailyRebate },
  ],
  migrations: { '0034_vip': m0034 },
};
