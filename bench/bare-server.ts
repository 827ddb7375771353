/**
 * The ceiling for the status benchmark: a bare Fastify route answering a small JSON object on the
 * same machine, with no database, no tenancy and no plugins.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ success: true, value: { ok: true }, message: '', errorCode: '' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
