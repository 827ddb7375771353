import type { DomainModule } from '../../http/module.ts';
import { languageRoutes } from './language.routes.ts';
import { memberAdminRoutes } from './member.admin.routes.ts';
import { avatarFileRoute, memberRoutes } from './member.routes.ts';
import * as m0002 from './migrations/0002_accounts.ts';
import * as m20261201T175900 from './migrations/20261201T175900_reset_link_withdrawal.ts';
import * as m20261201T180128 from './migrations/20261201T180128_session_end_reasons.ts';
import * as m20261201T180946 from './migrations/20261201T180946_member_labels.ts';
import { passwordRoutes } from './password.routes.ts';
import { withdrawResetLinks } from './password.service.ts';
import { registrationRoutes } from './registration.routes.ts';
import { registrationRulesAdminRoutes } from './registration-rules.admin.routes.ts';
import { sessionRoutes } from './session.routes.ts';

export const membersModule: DomainModule = {
  name: 'members',
  routes: (api, deps) => {
    registrationRoutes(api, deps);
    passwordRoutes(api, deps);
    memberRoutes(api, deps);
    sessionRoutes(api, deps);
    languageRoutes(api, deps);
  },
  adminRoutes: (api, deps) => {
    memberAdminRoutes(api, deps);
    registrationRulesAdminRoutes(api, deps);
  },
  externalRoutes: avatarFileRoute,
  migrations: {
    '0002_accounts': m0002,
    '20261201T175900_reset_link_withdrawal': m20261201T175900,
    '20261201T180946_member_labels': m20261201T180946,
    '20261201T180128_session_end_reasons': m20261201T180128,
  },
  deadLetters: [{ channel: 'email', name: 'members.reset-link', withdraw: withdrawResetLinks }],
};
