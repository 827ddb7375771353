import type { DomainModule } from '../../http/module.ts';
import * as m0041 from './migrations/0041_missions.ts';
import { missionAdminRoutes } from './mission.admin.routes.ts';
import { missionRoutes } from './mission.routes.ts';
import { missionProgressConsumer } from './mission-progress.consumer.ts';
import { MISSION_LEDGER_KINDS } from './missions.ledger-kinds.ts';

/** Missions: daily, weekly and one-off tasks with money rewards, progress from the event feed. */
export const missionsModule: DomainModule = {
  name: 'missions',
  ledgerKinds: MISSION_LEDGER_KINDS,
  routes: missionRoutes,
  adminRoutes: missionAdminRoutes,
  consumers: [missionProgressConsumer],
  migrations: {
    '0041_missions': m0041,
  },
};
