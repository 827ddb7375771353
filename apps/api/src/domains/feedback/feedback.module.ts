import type { DomainModule } from '../../http/module.ts';
import { feedbackAdminRoutes } from './feedback.admin.routes.ts';
import { feedbackRoutes } from './feedback.routes.ts';

export const feedbackModule: DomainModule = {
  name: 'feedback',
  routes: feedbackRoutes,
  adminRoutes: feedbackAdminRoutes,
};
