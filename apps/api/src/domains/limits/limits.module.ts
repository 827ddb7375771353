import type { RepeatableFunction } from '@lotus/db-repeatable';
import type { DomainModule } from '../../http/module.ts';
import { registerBlockSection } from '../exclusion/exclusion.service.ts';
import { limitsAdminRoutes } from './limits.admin.routes.ts';
import { limitsRoutes } from './limits.routes.ts';
import { limitBlocks } from './limits.service.ts';
import * as m20261201T175308 from './migrations/20261201T175308_member_limits.ts';

/**
 * The limits' database functions (repeatable migrations, one file each under ./sql), in the order
 * they are created (a SQL function's body names the ones before it).
 */
export const LIMITS_FUNCTIONS: RepeatableFunction[] = [
  { name: 'limits_kind_class', file: new URL('./sql/limits_kind_class.sql', import.meta.url) },
  { name: 'limits_moves', file: new URL('./sql/limits_moves.sql', import.meta.url) },
  { name: 'limits_usage', file: new URL('./sql/limits_usage.sql', import.meta.url) },
  { name: 'limits_frees_at', file: new URL('./sql/limits_frees_at.sql', import.meta.url) },
  { name: 'limits_stake_check', file: new URL('./sql/limits_stake_check.sql', import.meta.url) },
];

// The member's "why am I blocked" page lists the limits in force after the exclusion's own section.
registerBlockSection('limits', limitBlocks);

/** Responsible-gaming deposit, loss and wager limits (issue 25, docs/limits.md). */
export const limitsModule: DomainModule = {
  name: 'limits',
  routes: limitsRoutes,
  adminRoutes: limitsAdminRoutes,
  functions: LIMITS_FUNCTIONS,
  migrations: {
    '20261201T175308_member_limits': m20261201T175308,
  },
};
