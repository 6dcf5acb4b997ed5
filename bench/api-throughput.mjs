// Requests per second of GET /api/health and of the signed-in user-info call, each as a ratio to a bare
// Fastify handler measured in the same run. Runs on PostgreSQL when DATABASE_URL is set (the issue's
// target), else on the embedded database. Each measurement is taken twice, interleaved, and the better
// of the two kept, so a burst of noise on this shared machine does not decide the figure.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { format, measure, runCli, startServer } from './lib.mjs';

const TARGETS = { health: 0.8, userInfo: 0.3 };

export async function run({ seconds = 8, connections = 64 } = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'spatia-bench-'));
  const phone = `135${String(Date.now()).slice(-8)}`;
  const password = 'Bench#2026pass';
  const env = { DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production' };
  runCli(['create-user', '--phone', phone, '--password', password, '--menus', '161,162'], env);

  const spatia = await startServer('apps/server/dist/server.js', env, '/api/health');
  const bare = await startServer('bench/bare-server.mjs', {}, '/bare');
  try {
    const login = await fetch(`${spatia.baseUrl}/api/client/login`, {
      method: 'POST',
      body: new URLSearchParams({ phoneNumber: phone, password }),
    });
    const token = login.headers.get('x-auth-token');
    const { data } = await login.json();
    const tokenHeaders = { 'auth-token': token, 'x-auth-token': token };
    const targets = {
      bare: () => measure(`${bare.baseUrl}/bare`, { seconds, connections }),
      health: () => measure(`${spatia.baseUrl}/api/health`, { seconds, connections }),
      userInfo: () => measure(`${spatia.baseUrl}/api/client/${data.uid}/info`, { seconds, connections, headers: tokenHeaders }),
    };
    await measure(`${spatia.baseUrl}/api/health`, { seconds: 2, connections }); // warm-up
    const best = {};
    for (let round = 0; round < 2; round += 1) {
      for (const [name, take] of Object.entries(targets)) {
        const result = await take();
        if (!best[name] || result.rps > best[name].rps) best[name] = result;
      }
    }
    const database = process.env.DATABASE_URL ? 'postgres' : 'pglite';
    console.log(`api-throughput (${database}, ${connections} connections, ${seconds} s x 2 rounds, best round)`);
    console.log(`  bare fastify handler   ${format(best.bare.rps, 0)} req/s  p99 ${best.bare.p99} ms`);
    let pass = true;
    for (const name of ['health', 'userInfo']) {
      const ratio = best[name].rps / best.bare.rps;
      const ok = ratio >= TARGETS[name];
      pass &&= ok;
      console.log(
        `  ${name.padEnd(22)} ${format(best[name].rps, 0)} req/s  p99 ${best[name].p99} ms  ratio ${format(ratio)}x  (target >= ${TARGETS[name]}x: ${ok ? 'met' : 'MISSED'})`,
      );
    }
    return pass;
  } finally {
    await Promise.all([spatia.stop(), bare.stop()]);
  }
}
