import { createServer } from 'node:http';
import { DEMO_BRAND_SECRET, loadHouseVendorConfig } from '../src/server/config.ts';
import { startHouseVendor } from '../src/server/server.ts';
import { StubPlatform } from '../src/server/testing/stub-platform.ts';

/**
 * The house vendor alone, without the platform: a local stand-in of the seamless-wallet API (the
 * tests' stub, in memory) with one player holding 1,000.00 PHP, the vendor on HOUSE_VENDOR_PORT
 * (8081) and a launcher on 8090 that issues a launch token and opens the game:
 *
 *   npm run build -w @lotus/house-vendor && npx node apps/house-vendor/scripts/play-local.ts
 *   open http://localhost:8090/lotus-garden (or /jade-ways, /lucky-sevens; ?mode=free or ?mode=demo)
 *   or a live table: http://localhost:8090/live-baccarat (live-baccarat-nc, live-dragon-tiger,
 *   live-roulette, live-sicbo; the tables run on their own clocks in the vendor)
 *
 * For looking at the game pages and trying them by hand; nothing is kept of the stub's money.
 */
const stub = await new StubPlatform({ brands: { DEMO: DEMO_BRAND_SECRET } }).start();
stub.addPlayer('local-player', 100_000n);
const vendor = await startHouseVendor({
  ...loadHouseVendorConfig({
    ...process.env,
    HOUSE_VENDOR_PLATFORM_URL: stub.url,
    HOUSE_VENDOR_DATA_DIR: '.data/house-vendor-local',
  }),
  frameAncestors: ['http://localhost:8090', 'http://127.0.0.1:8090'],
});

const launcher = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const game = url.pathname.slice(1) || 'lotus-garden';
  const mode = url.searchParams.get('mode');
  const launch = stub.launch('local-player', game, mode === 'free' || mode === 'demo' ? mode : 'real');
  const target = `http://localhost:${vendor.port}/play/${game}?${new URLSearchParams({
    launch,
    game,
    lang: url.searchParams.get('lang') ?? 'EN',
    merchant: 'DEMO',
  }).toString()}`;
  response.writeHead(302, { location: target });
  response.end();
});
launcher.listen(8090, '127.0.0.1');
vendor.app.log.info(
  { launcher: 'http://localhost:8090/lotus-garden', vendor: vendor.url },
  'local play ready',
);

const stop = async () => {
  launcher.close();
  await vendor.close();
  await stub.stop();
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
