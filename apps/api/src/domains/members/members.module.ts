import type { DomainModule } from '../../http/module.ts';
import { languageRoutes } from './language.routes.ts';

export const membersModule: DomainModule = {
  name: 'members',
  routes: languageRoutes,
};
