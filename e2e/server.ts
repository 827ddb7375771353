/**
 * The platform as the end-to-end run starts it: the real server from the environment, with the
 * credential throttles loosened (every scenario logs in from 127.0.0.1, which the production limits
 * per address would stop after a few registrations). Nothing else differs from `npm start`.
 */
import { relaxedThrottle } from '@lotus/api/harness';
import { startServer } from '@lotus/api/server';

const server = await startServer({ throttle: relaxedThrottle() });
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => void server.close().then(() => process.exit(0)));
}
