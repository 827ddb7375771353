/**
 * `npm start` (after `npm run build`): the whole platform in one process: the API server (which
 * also serves the built member web app and the back office) and the house game vendor on its own
 * port (HOUSE_VENDOR_PORT, 8081), with its own database, talking to the platform only through the
 * signed seamless-wallet API over HTTP, as it would from another machine. One process keeps each
 * embedded database's single owner and the idle memory low; for scale-out run
 * `apps/api/src/main.ts` processes against PostgreSQL and the vendor alone
 * (`npm start -w @lotus/house-vendor`).
 */
import closeWithGrace from 'close-with-grace';
import { parseRoles, rolesArgument } from '../apps/api/src/config.ts';
import { startServer } from '../apps/api/src/server.ts';
import { loadHouseVendorConfig, startHouseVendor } from '../apps/house-vendor/src/server/index.ts';

const rolesArg = rolesArgument(process.argv.slice(2));
// Both configurations are read before anything starts: a wrong value stops the start at once.
const vendorConfig = loadHouseVendorConfig();
const server = await startServer(rolesArg === undefined ? {} : { roles: parseRoles(rolesArg) });
server.app.log.info({ url: server.url, roles: server.roles }, 'server ready');
const vendor = await startHouseVendor(vendorConfig).catch(async (error: unknown) => {
  await server.close();
  throw error;
});
vendor.app.log.info({ url: vendor.url }, 'house vendor ready');

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) server.app.log.error({ err }, 'shutting down after an error');
  else server.app.log.info({ signal }, 'shutting down');
  await Promise.all([vendor.close(), server.close()]);
});
