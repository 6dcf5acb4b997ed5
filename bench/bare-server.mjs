// The baseline: a bare Fastify handler, no plugins and no logger, answering the same JSON document as
// GET /api/health (BARE_BODY), so a ratio measures what the platform adds, not a difference in payload.
import Fastify from 'fastify';

const body = JSON.parse(process.env.BARE_BODY ?? '{"code":0,"msg":"ok","data":{"status":"ok"}}');
const app = Fastify({ logger: false });
app.get('/bare', async () => body);
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
