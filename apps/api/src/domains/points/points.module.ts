import type { DomainModule } from '../../http/module.ts';
import * as m0037 from './migrations/0037_points.ts';
import { pointsAdminRoutes } from './points.admin.routes.ts';
import { pointsEarning } from './points.consumer.ts';
import { POINTS_LEDGER_KINDS } from './points.ledger-kinds.ts';
import { pointsRoutes } from './points.routes.ts';
import { productImageRoute } from './product-image.routes.ts';

/**
 * Points and the points mall (issue 15): points earned on turnover from the event feed (consumer
 * `points_earning`), their own double-entry ledger, the mall's products and exchanges, conversion
 * to money through the wallet's ledger.
 */
export const pointsModule: DomainModule = {
  name: 'points',
  ledgerKinds: POINTS_LEDGER_KINDS,
  routes: pointsRoutes,
  adminRoutes: pointsAdminRoutes,
  externalRoutes: productImageRoute,
  consumers: [pointsEarning],
  migrations: { '0037_points': m0037 },
};
