import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { onTestFinished } from 'vitest';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));

export interface RunningProcess {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

/**
 * Runs one of the server's entry points from source (`src/server.ts`, `src/cli/admin.ts`) as a real process,
 * from inside a test. When the test ends, a process still running is killed: one that failed or timed out
 * before stopping its own must not outlive the run.
 */
export function runEntry(entry: string, env: Record<string, string>, args: string[] = []): RunningProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  onTestFinished(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  return { child, output: () => output, exited };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export async function waitForHealth(baseUrl: string, running: RunningProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (running.child.exitCode !== null) throw new Error(`server exited early:\n${running.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`server did not become healthy:\n${running.output()}`);
}
