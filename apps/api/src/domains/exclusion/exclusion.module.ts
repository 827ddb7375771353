import type { RepeatableFunction } from '@lotus/db-repeatable';
import type { DomainModule } from '../../http/module.ts';
import { onLogin } from '../members/login-hooks.ts';
import { onMemberRegistered, onRegistrationIdentity } from '../members/registration-hooks.ts';
import {
  assertNotExcluded,
  refuseExcludedIdentity,
  refuseExcludedRegistration,
  sweepSessions,
} from './exclusion.service.ts';
import * as m20261201T175320 from './migrations/20261201T175320_exclusion.ts';
import { protectionAdminRoutes } from './protection.admin.routes.ts';
import { protectionRoutes } from './protection.routes.ts';

/** The exclusion domain's database functions (the stake gate's check; before the wallet's gate). */
export const EXCLUSION_FUNCTIONS: RepeatableFunction[] = [
  { name: 'exclusion_stake_open', file: new URL('./sql/exclusion_stake_open.sql', import.meta.url) },
];

// Every login is refused while a time-out or self-exclusion is in force, naming its end; a new
// account with an excluded person's identity is refused (docs/exclusion.md).
onLogin((trx, member) => assertNotExcluded(trx, member.id));
onRegistrationIdentity(refuseExcludedRegistration);
onMemberRegistered((trx, registered) => refuseExcludedIdentity(trx, registered));

/**
 * Player protection, time and attention (issue 25): time-outs, self-exclusion, session limits,
 * reality checks, the "why am I blocked" page and the back office's protection panel.
 */
export const exclusionModule: DomainModule = {
  name: 'exclusion',
  routes: protectionRoutes,
  adminRoutes: protectionAdminRoutes,
  functions: EXCLUSION_FUNCTIONS,
  jobs: [
    {
      name: 'protection_session_sweep',
      pattern: '*/10 * * * * *',
      leaseSeconds: 8,
      run: (db) => sweepSessions(db),
    },
  ],
  migrations: {
    '20261201T175320_exclusion': m20261201T175320,
  },
};
