/**
 * `npm start` (`node scripts/start.ts --build`): rebuilds whichever of the three web builds changed
 * since its last build (scripts/build.ts; nothing when nothing changed), then runs the whole platform in one process:
 * the API server (which also serves the built member web app and the back office) and the house
 * game vendor on its own port (HOUSE_VENDOR_PORT, 8081), with its own database, talking to the
 * platform only through the signed seamless-wallet API over HTTP, as it would from another machine.
 * One process keeps each embedded database's single owner and the idle memory low; for scale-out
 * run `apps/api/src/main.ts` processes against PostgreSQL and the vendor alone
 * (`npm start -w @lotus/house-vendor`).
 *
 * A newcomer's start is quiet (issue 24): the logs at `warn` unless LOG_LEVEL says otherwise, and one
 * plain line once everything answers, with the site, back office and docs addresses and the demo
 * accounts when the demo brand is seeded.
 */
import closeWithGrace from 'close-with-grace';
import { loadConfig, parseRoles, rolesArgument } from '../apps/api/src/config.ts';
import { DEMO_PLAYER } from '../apps/api/src/db/seed/demo-accounts.ts';
import { DEMO_OPERATORS } from '../apps/api/src/db/seed/demo-operators.ts';
import { startServer } from '../apps/api/src/server.ts';
import { loadHouseVendorConfig, startHouseVendor } from '../apps/house-vendor/src/server/index.ts';
import { buildChanged } from './build.ts';

process.env.LOG_LEVEL ??= 'warn';
const rolesArg = rolesArgument(process.argv.slice(2));
// Both configurations are read before anything starts: a wrong value stops the start at once.
const platformConfig = loadConfig();
const vendorConfig = loadHouseVendorConfig();
// The benchmarks start this script after `npm run build`, without --build.
if (process.argv.includes('--build')) await buildChanged();
const server = await startServer(rolesArg === undefined ? {} : { roles: parseRoles(rolesArg) });
server.app.log.info({ url: server.url, roles: server.roles }, 'server ready');
const vendor = await startHouseVendor(vendorConfig).catch(async (error: unknown) => {
  await server.close();
  throw error;
});
vendor.app.log.info({ url: vendor.url }, 'house vendor ready');

const site = `http://localhost:${server.port}`;
const admin = DEMO_OPERATORS.find((o) => o.role === 'admin');
const accounts = platformConfig.seedDemoBrand
  ? `; demo accounts: player ${DEMO_PLAYER.username} / ${DEMO_PLAYER.password}, back office ${admin?.username} / ${admin?.password}`
  : '';
process.stdout.write(
  `Lotus is running: site ${site}/, back office ${site}/backoffice/, docs ${site}/docs${accounts} (Ctrl+C stops).\n`,
);

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) server.app.log.error({ err }, 'shutting down after an error');
  else server.app.log.info({ signal }, 'shutting down');
  await Promise.all([vendor.close(), server.close()]);
});
