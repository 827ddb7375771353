import closeWithGrace from 'close-with-grace';
import { startServer } from './server.ts';

/** Production entry: configuration from the environment, graceful shutdown on signals. */
const server = await startServer();
server.app.log.info({ url: server.url }, 'server ready');

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) server.app.log.error({ err }, 'shutting down after an error');
  else server.app.log.info({ signal }, 'shutting down');
  await server.close();
});
