import type { DomainModule } from '../../http/module.ts';
import { outboxAdminRoutes } from './outbox.admin.routes.ts';
import { verificationRoutes } from './verification.routes.ts';

export const verificationModule: DomainModule = {
  name: 'verification',
  routes: verificationRoutes,
  adminRoutes: outboxAdminRoutes,
};
