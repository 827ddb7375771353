import type { DomainModule } from '../../http/module.ts';
import { messageAdminRoutes } from './message.admin.routes.ts';
import { messageRoutes } from './message.routes.ts';
import * as m0040 from './migrations/0040_messages.ts';

/** Messages (messageV2, platform information): members' inboxes and the back office's sending. */
export const messagesModule: DomainModule = {
  name: 'messages',
  routes: messageRoutes,
  adminRoutes: messageAdminRoutes,
  migrations: {
    '0040_messages': m0040,
  },
};
