import type { DomainModule } from '../../http/module.ts';
import { seamlessRoutes } from './seamless.routes.ts';
import { closeStaleRounds } from './seamless.service.ts';
import { vendorAdminRoutes } from './vendor.admin.routes.ts';

/** Open seamless rounds older than this are closed like a round end. */
export const STALE_ROUND_MINUTES = 60;

export const vendorsModule: DomainModule = {
  name: 'vendors',
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
};
