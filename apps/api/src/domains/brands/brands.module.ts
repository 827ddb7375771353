import type { DomainModule } from '../../http/module.ts';
import { brandAdminRoutes } from './brand.admin.routes.ts';

export const brandsModule: DomainModule = {
  name: 'brands',
  adminRoutes: brandAdminRoutes,
};
