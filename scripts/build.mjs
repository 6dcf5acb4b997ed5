#!/usr/bin/env node
// Builds what `npm start` serves: the contract and server (tsc -b), the standalone tour viewer that
// offline packages carry (packages/viewers/dist/standalone) and the web app (vite), then writes .gz
// and .br twins of the web assets. Skips the work when no source changed since the last build.
//   --force        build even when nothing changed
//   --server-only  only the contract and the server (what the admin CLI needs)
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const force = process.argv.includes('--force');
const serverOnly = process.argv.includes('--server-only');

const targets = [
  {
    name: 'server',
    inputs: [
      'packages/contract/src',
      'packages/contract/package.json',
      'apps/server/src',
      'apps/server/drizzle',
      'apps/server/package.json',
      'tsconfig.base.json',
    ],
    output: 'apps/server/dist/server.js',
    build: () => run('npx', ['tsc', '-b', 'apps/server']),
  },
  {
    // The demo tour's panoramas, 3D model and point cloud, made at install time; the first start turns them into demo works.
    name: 'demo',
    inputs: [
      'apps/server/src/media/panorama/synthetic-panorama.ts',
      'apps/server/src/media/model',
      'apps/server/src/media/pointcloud',
      'apps/server/src/modules/demo',
      'apps/server/src/cli/render-demo-content.ts',
    ],
    output: 'apps/server/demo/terrain-and-building-cover.jpg',
    build: () => run(process.execPath, ['apps/server/dist/cli/render-demo-content.js']),
  },
  {
    // Copied as is into offline packages, so no .gz/.br twins: they would only make the zip larger.
    name: 'viewer',
    inputs: [
      'packages/contract/src',
      'packages/viewers/src',
      'packages/viewers/standalone',
      'packages/viewers/vite.standalone.config.ts',
      'packages/viewers/package.json',
    ],
    output: 'packages/viewers/dist/standalone/index.html',
    build: () =>
      run('npx', ['vite', 'build', '--config', 'vite.standalone.config.ts', '--logLevel', 'warn'], path.join(root, 'packages/viewers')),
  },
  {
    name: 'web',
    inputs: [
      'packages/contract/src',
      'packages/viewers/src',
      'packages/viewers/package.json',
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/public',
      'apps/web/vite.config.ts',
      'apps/web/package.json',
    ],
    output: 'apps/web/dist/index.html',
    build: () => {
      run('npx', ['vite', 'build', '--logLevel', 'warn'], path.join(root, 'apps/web'));
      precompress(path.join(root, 'apps/web/dist'));
    },
  },
];

for (const target of serverOnly ? targets.filter((target) => target.name === 'server') : targets) {
  const stampFile = path.join(root, `.build-stamp-${target.name}`);
  const fingerprint = fingerprintOf([...target.inputs, 'package-lock.json']);
  const upToDate = existsSync(path.join(root, target.output)) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === fingerprint;
  if (upToDate && !force) continue;
  const started = Date.now();
  console.log(`building ${target.name}...`);
  target.build();
  writeFileSync(stampFile, fingerprint);
  console.log(`built ${target.name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

function run(command, args, cwd = root) {
  execFileSync(command, args, { cwd, stdio: 'inherit' });
}

/** A hash of every input file's path, size and modification time: cheap, and changes with any edit. */
function fingerprintOf(inputs) {
  const hash = createHash('sha256');
  const visit = (relative) => {
    const absolute = path.join(root, relative);
    if (!existsSync(absolute)) return;
    const stats = statSync(absolute);
    if (stats.isDirectory()) {
      for (const entry of readdirSync(absolute).sort()) visit(path.join(relative, entry));
    } else {
      hash.update(`${relative}:${stats.size}:${stats.mtimeMs}\n`);
    }
  };
  inputs.forEach(visit);
  return hash.digest('hex');
}

function precompress(directory) {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const file = path.join(directory, entry.name);
    if (entry.isDirectory()) {
      precompress(file);
      continue;
    }
    if (!/\.(js|mjs|css|html|svg|json|txt|map|wasm)$/.test(entry.name)) continue;
    const content = readFileSync(file);
    if (content.length < 1024) continue;
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  }
}
