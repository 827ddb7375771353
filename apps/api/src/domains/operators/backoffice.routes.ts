import type { Api, RouteDeps } from '../../http/types.ts';
import { adjustmentRoutes } from './adjustment.routes.ts';
import { brandAdminRoutes } from './brand-admin.routes.ts';
import { memberAdminRoutes } from './member-admin.routes.ts';
import { operatorAdminRoutes } from './operator-admin.routes.ts';
import { operatorSessionRoutes } from './session.routes.ts';
import { vendorAdminRoutes } from './vendor-admin.routes.ts';

/** Every /bo/v1 route of the operators domain (other domains register their own /bo/v1 routes). */
export function backofficeRoutes(api: Api, deps: RouteDeps) {
  operatorSessionRoutes(api, deps);
  operatorAdminRoutes(api, deps);
  memberAdminRoutes(api, deps);
  adjustmentRoutes(api, deps);
  brandAdminRoutes(api, deps);
  vendorAdminRoutes(api, deps);
}
