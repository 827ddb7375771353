import type { DomainModule } from '../../http/module.ts';
import * as m20261128T183811 from './migrations/20261128T183811_outbox_delivery.ts';
import { outboxAdminRoutes } from './outbox.admin.routes.ts';
import { verificationRoutes } from './verification.routes.ts';

export const verificationModule: DomainModule = {
  name: 'verification',
  routes: verificationRoutes,
  adminRoutes: outboxAdminRoutes,
  migrations: {
    '20261128T183811_outbox_delivery': m20261128T183811,
  },
};
