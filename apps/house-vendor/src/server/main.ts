import closeWithGrace from 'close-with-grace';
import { loadHouseVendorConfig } from './config.ts';
import { startHouseVendor } from './server.ts';

/**
 * The house vendor alone (`npm start -w @lotus/house-vendor`): configuration from the environment,
 * graceful shutdown on signals. Rounds a stop leaves open are finished by the next start's recovery.
 */
const vendor = await startHouseVendor(loadHouseVendorConfig());
vendor.app.log.info({ url: vendor.url }, 'house vendor ready');

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) vendor.app.log.error({ err }, 'house vendor shutting down after an error');
  else vendor.app.log.info({ signal }, 'house vendor shutting down');
  await vendor.close();
});
