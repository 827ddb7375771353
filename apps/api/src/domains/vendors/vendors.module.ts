import type { DomainModule } from '../../http/module.ts';
import { onSessionsEnded } from '../exclusion/exclusion.service.ts';
import * as m0008 from './migrations/0008_seamless_functions.ts';
import * as m0011 from './migrations/0011_seamless_lighter_writes.ts';
import * as m0012 from './migrations/0012_repeatable_functions.ts';
import { endPlayerAtVendors } from './player-ended.service.ts';
import { seamlessRoutes } from './seamless.routes.ts';
import { closeStaleRounds } from './seamless.service.ts';
import { SEAMLESS_FUNCTIONS } from './seamless.sql.ts';
import { vendorAdminRoutes } from './vendor.admin.routes.ts';
import { VENDOR_LEDGER_KINDS } from './vendors.ledger-kinds.ts';

// A time-out, self-exclusion or session limit ends the member's seamless sessions and tells the
// vendors to close the member's sockets (docs/exclusion.md).
onSessionsEnded(endPlayerAtVendors);

/** Open seamless rounds older than this are closed like a round end. */
export const STALE_ROUND_MINUTES = 60;

export const vendorsModule: DomainModule = {
  name: 'vendors',
  ledgerKinds: VENDOR_LEDGER_KINDS,
  adminRoutes: vendorAdminRoutes,
  externalRoutes: seamlessRoutes,
  jobs: [
    {
      name: 'close_stale_rounds',
      pattern: '* * * * *',
      leaseSeconds: 50,
      run: (db) => closeStaleRounds(db, STALE_ROUND_MINUTES),
    },
  ],
  functions: SEAMLESS_FUNCTIONS,
  migrations: {
    '0008_seamless_functions': m0008,
    '0011_seamless_lighter_writes': m0011,
    '0012_repeatable_functions': m0012,
  },
};
