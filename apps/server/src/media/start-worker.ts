import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * A worker thread running the module `name` beside `fromUrl` (the caller's `import.meta.url`): the
 * compiled `.js` in the built server, else the `.ts` source (the tests), which tsx compiles as it loads.
 */
export function startWorker(fromUrl: string, name: string, workerData: unknown): Worker {
  const compiled = new URL(`./${name}.js`, fromUrl);
  if (existsSync(fileURLToPath(compiled))) return new Worker(compiled, { workerData });
  const source = fileURLToPath(new URL(`./${name}.ts`, fromUrl));
  const tsx = createRequire(import.meta.url).resolve('tsx/cjs/api');
  return new Worker(`require(${JSON.stringify(tsx)}).require(${JSON.stringify(source)}, ${JSON.stringify(source)});`, { eval: true, workerData });
}
