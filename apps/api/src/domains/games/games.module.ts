import type { DomainModule } from '../../http/module.ts';
import { gamesRoutes } from './games.routes.ts';

export const gamesModule: DomainModule = {
  name: 'games',
  routes: gamesRoutes,
};
