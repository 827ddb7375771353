import type { Db } from '../../db/database.ts';
import type { Throttle } from '../../http/throttle.ts';
import type { PasswordHashing } from '../../lib/hashing.ts';
import { type OperatorGuard, operatorGuard } from './operator.guard.ts';
import type { OperatorRole } from './operator.ts';
import { OperatorSessions } from './operator-session.service.ts';

/** What the back-office routes need, built once per app (RouteDeps.operators). */
export type OperatorServices = {
  db: Db;
  sessions: OperatorSessions;
  guard: (...roles: OperatorRole[]) => OperatorGuard;
  throttle: Throttle;
  hashing: PasswordHashing;
};

export function createOperatorServices(options: {
  db: Db;
  throttle: Throttle;
  hashing: PasswordHashing;
  idleMinutes: number;
}): OperatorServices {
  const sessions = new OperatorSessions(options.db, options.idleMinutes);
  return {
    db: options.db,
    sessions,
    guard: operatorGuard(sessions),
    throttle: options.throttle,
    hashing: options.hashing,
  };
}
