import type { DomainModule } from '../../http/module.ts';
import { gamesAdminRoutes } from './games.admin.routes.ts';
import { gamesRoutes } from './games.routes.ts';
import { purgeExpiredLaunchTokens } from './launch.service.ts';
import * as m0019 from './migrations/0019_games_catalogue.ts';
import * as m0048 from './migrations/0048_game_stakes.ts';
import * as m20261201T181735 from './migrations/20261201T181735_game_fields.ts';

export const gamesModule: DomainModule = {
  name: 'games',
  routes: gamesRoutes,
  adminRoutes: gamesAdminRoutes,
  jobs: [
    {
      name: 'purge_launch_tokens',
      pattern: '17 * * * *',
      leaseSeconds: 50,
      run: (db, now) => purgeExpiredLaunchTokens(db, now),
    },
  ],
  migrations: {
    '0019_games_catalogue': m0019,
    '0048_game_stakes': m0048,
    '20261201T181735_game_fields': m20261201T181735,
  },
};
