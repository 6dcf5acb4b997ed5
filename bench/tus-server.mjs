// The built server (apps/server/dist) with the tus endpoint mounted, for bench/tus-upload.mjs. Until the
// works module passes its real grant and completion hooks to buildApp, the server cannot mount /api/tus
// on its own, so this script builds the same app the way server.ts does and passes stand-in hooks: one
// grant (the token in TUS_BENCH_GRANT) accepting GLB files of up to 2 GiB, and a completion that records
// nothing. Everything else (config, database, storage, routes, tus, hashing, storing) is the real thing.
import { buildApp } from '../apps/server/dist/app.js';
import { loadConfig } from '../apps/server/dist/config/config.js';

const token = process.env.TUS_BENCH_GRANT;
const grant = { grantId: 1, userId: 1, maxBytes: 2 * 1024 ** 3, accept: ['model/gltf-binary'], purpose: 'bench' };
const config = loadConfig(process.env);
const app = await buildApp(config, {
  resumableUploads: {
    resolveGrant: async (candidate) => (candidate === token ? grant : undefined),
    onComplete: async (_grant, upload) => ({ key: upload.key }),
  },
});
await app.listen({ host: '127.0.0.1', port: config.port });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
