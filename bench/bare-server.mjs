// The baseline: a bare Fastify handler that answers the same envelope, with no plugins and no logger.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ code: 0, msg: 'ok', data: { status: 'ok' } }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
