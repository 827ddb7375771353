import type { DomainModule } from '../../http/module.ts';
import { verificationRoutes } from './verification.routes.ts';

export const verificationModule: DomainModule = {
  name: 'verification',
  routes: verificationRoutes,
};
