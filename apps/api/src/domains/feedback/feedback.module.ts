import type { DomainModule } from '../../http/module.ts';
import { feedbackRoutes } from './feedback.routes.ts';

export const feedbackModule: DomainModule = {
  name: 'feedback',
  routes: feedbackRoutes,
};
