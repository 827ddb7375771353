import type { DomainModule } from '../../http/module.ts';
import { auditAdminRoutes } from './audit.admin.routes.ts';
import * as m0004 from './migrations/0004_operators.ts';
import * as m0017 from './migrations/0017_operator_passwords.ts';
import { operatorAdminRoutes } from './operator.admin.routes.ts';
import { operatorSessionRoutes } from './operator-session.routes.ts';

/** Operator identity: login with TOTP, sessions, passwords, the operators themselves and the audit log. */
export const operatorsModule: DomainModule = {
  name: 'operators',
  adminRoutes: (api, deps) => {
    operatorSessionRoutes(api, deps);
    operatorAdminRoutes(api, deps);
    auditAdminRoutes(api, deps);
  },
  migrations: {
    '0004_operators': m0004,
    '0017_operator_passwords': m0017,
  },
};
