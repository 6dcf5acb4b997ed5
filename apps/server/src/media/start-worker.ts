import { fork, type ChildProcess, type ForkOptions } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
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
  return new Worker(`require(${JSON.stringify(tsx)}).require(${JSON.stringify(source)}, ${JSON.stringify(source)});`, {
    eval: true,
    workerData,
  });
}

/**
 * A child process (with an IPC channel) running the module `name` beside `fromUrl`, the same way: the
 * compiled `.js`, else the `.ts` source through tsx's loader, resolving the workspace packages to their
 * sources as the tests do. The parent's own Node options (a test runner's, tsx's) are not passed on.
 */
export function startChildProcess(fromUrl: string, name: string, options: Omit<ForkOptions, 'execArgv'> = {}): ChildProcess {
  const compiled = fileURLToPath(new URL(`./${name}.js`, fromUrl));
  if (existsSync(compiled)) return fork(compiled, [], { ...options, execArgv: [] });
  const source = fileURLToPath(new URL(`./${name}.ts`, fromUrl));
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return fork(source, [], { ...options, execArgv: ['--conditions=source', '--import', tsx] });
}
