import type { DomainModule } from '../../http/module.ts';
import { externalRoutes } from './external.routes.ts';

export const externalModule: DomainModule = {
  name: 'external',
  routes: externalRoutes,
};
