import type { FastifyInstance } from 'fastify';
import { countryOf } from '../lib/geoip.ts';
import { AppError } from './app-error.ts';

/**
 * Member and visitor routes that stay open while the brand is in maintenance or the visitor's region
 * is restricted: what the maintenance and region pages show (status with the end time and the
 * visitor's address, brand menu and domain route, customer service, help), the contact form their
 * contact button opens (with the human check it needs) and logging out.
 */
export const OPEN_WHILE_CLOSED: ReadonlySet<string> = new Set([
  '/wps/system/status',
  '/wps/system/whitelabel',
  '/wps/system/domainRoute',
  '/wps/system/customerService',
  '/wps/system/helpCenter',
  '/wps/system/humanCheck',
  '/wps/cs/contact',
  '/wps/session/logout',
]);

/**
 * Maintenance (system status 1) and region restriction (status 2, or the visitor's GeoIP country in
 * the brand's blocked list) enforced on the server for every member and visitor call under /wps,
 * /lgw and /lotto, except OPEN_WHILE_CLOSED. The back office (/bo/v1) stays open so operators can end
 * maintenance; vendors' seamless calls and gateways' callbacks are outside the brand scope and keep
 * settling bets and payments already under way. Runs after the brand is resolved (tenancy.ts).
 */
export function enforceAvailability(scope: FastifyInstance) {
  scope.addHook('onRequest', async (request) => {
    const route = request.routeOptions.url ?? request.url.split('?')[0] ?? '';
    if (!route.startsWith('/wps/') && !route.startsWith('/lgw/') && !route.startsWith('/lotto/')) return;
    if (OPEN_WHILE_CLOSED.has(route)) return;
    const { brand } = request;
    if (brand.systemStatus === 1) {
      throw new AppError('system_maintenance', {
        value: {
          maintainTime: brand.maintenanceStart?.toISOString() ?? '',
          endTime: brand.maintenanceEnd?.toISOString() ?? '',
        },
      });
    }
    if (brand.systemStatus === 2) throw new AppError('access_restricted');
    if (brand.blockedCountries.length > 0) {
      const country = countryOf(request.ip);
      if (country !== '' && brand.blockedCountries.includes(country)) throw new AppError('access_restricted');
    }
  });
}
