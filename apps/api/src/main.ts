import closeWithGrace from 'close-with-grace';
import { ConfigError, parseRoles, rolesArgument } from './config.ts';
import { startServer } from './server.ts';

/**
 * Production entry: configuration from the environment, graceful shutdown on signals.
 * `--roles=web,worker,realtime` (any subset) overrides ROLES: e.g. `--roles=worker` for a process
 * that runs the jobs and event consumers beside web-only ones.
 */
const rolesArg = rolesArgument(process.argv.slice(2));
const server = await startServer(rolesArg === undefined ? {} : { roles: parseRoles(rolesArg) }).catch(
  (error: unknown) => {
    // A refused configuration is a message for the operator, not a stack trace.
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  },
);
server.app.log.info({ url: server.url, roles: server.roles }, 'server ready');

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) server.app.log.error({ err }, 'shutting down after an error');
  else server.app.log.info({ signal }, 'shutting down');
  await server.close();
});
