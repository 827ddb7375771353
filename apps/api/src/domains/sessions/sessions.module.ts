import type { DomainModule } from '../../http/module.ts';
import { sessionRoutes } from './session.routes.ts';

export const sessionsModule: DomainModule = {
  name: 'sessions',
  routes: sessionRoutes,
};
