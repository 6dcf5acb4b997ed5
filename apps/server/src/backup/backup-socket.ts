import { chmod, rm } from 'node:fs/promises';
import { createConnection, createServer, type Socket } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { BackupSummary } from './create-backup.js';

/**
 * The embedded database belongs to the running server (PGlite has one owner), so `npm run admin -- backup`
 * asks that server to write the archive, through a Unix socket in DATA_DIR that only the owner of the
 * folder may open. One request, a JSON line `{"backup": "/absolute/file"}`; the answer, JSON lines:
 * `{"line": …}` for each progress line, then `{"summary": …}` or `{"error": …}`.
 */
export function backupSocketPath(dataDir: string): string {
  return path.join(path.resolve(dataDir), 'backup.sock');
}

/** A failure the server reported, or no server to ask: the message is for the operator. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

export interface BackupListener {
  close(): Promise<void>;
}

/**
 * Serves backups on DATA_DIR/backup.sock, one at a time. The caller holds DATA_DIR's lock, so a socket
 * file already there was left by a process that is gone.
 */
export async function listenForBackups(
  dataDir: string,
  run: (file: string, report: (line: string) => void, signal: AbortSignal) => Promise<BackupSummary>,
): Promise<BackupListener> {
  const socketPath = backupSocketPath(dataDir);
  await rm(socketPath, { force: true });
  const connections = new Set<Socket>();
  let running = false;
  const server = createServer((socket) => {
    connections.add(socket);
    socket.on('close', () => connections.delete(socket));
    socket.on('error', () => undefined);
    const send = (message: object) => {
      if (!socket.destroyed) socket.write(`${JSON.stringify(message)}\n`);
    };
    const lines = createInterface({ input: socket });
    lines.once('line', (line) => {
      lines.close();
      let file: unknown;
      try {
        file = (JSON.parse(line) as { backup?: unknown }).backup;
      } catch {
        file = undefined;
      }
      if (typeof file !== 'string' || !path.isAbsolute(file)) {
        send({ error: 'Ask for a backup as {"backup": "/absolute/path"}.' });
        socket.end();
        return;
      }
      if (running) {
        send({ error: 'A backup is already running in this server: wait for it to finish.' });
        socket.end();
        return;
      }
      running = true;
      // The admin command gone (Ctrl-C): the backup stops and removes what it wrote.
      const abandoned = new AbortController();
      socket.once('close', () => abandoned.abort());
      run(file, (progress) => send({ line: progress }), abandoned.signal)
        .then(
          (summary) => send({ summary }),
          (error: unknown) => send({ error: error instanceof Error ? error.message : String(error) }),
        )
        .finally(() => {
          running = false;
          socket.end();
        });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
  await chmod(socketPath, 0o600);
  return {
    close: async () => {
      for (const socket of connections) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(socketPath, { force: true });
    },
  };
}

/** Asks the server that holds DATA_DIR for a backup into `file`, printing its progress lines through `report`. */
export async function backupThroughServer(dataDir: string, file: string, report: (line: string) => void): Promise<BackupSummary> {
  const socketPath = backupSocketPath(dataDir);
  const socket = createConnection(socketPath);
  return new Promise<BackupSummary>((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      outcome();
    };
    socket.once('error', (error: NodeJS.ErrnoException) =>
      settle(() =>
        reject(
          new BackupError(
            error.code === 'ENOENT' || error.code === 'ECONNREFUSED'
              ? `The server holding ${dataDir} does not take backups at ${socketPath}: stop it, then run the backup again.`
              : `Could not reach the server at ${socketPath}: ${error.message}`,
          ),
        ),
      ),
    );
    socket.once('connect', () => socket.write(`${JSON.stringify({ backup: path.resolve(file) })}\n`));
    const lines = createInterface({ input: socket });
    lines.on('line', (line) => {
      const message = JSON.parse(line) as { line?: string; summary?: BackupSummary; error?: string };
      if (message.line !== undefined) report(message.line);
      if (message.summary) settle(() => resolve(message.summary!));
      if (message.error !== undefined) settle(() => reject(new BackupError(message.error!)));
    });
    socket.once('close', () =>
      settle(() => reject(new BackupError('The server closed the connection before the backup finished (did it stop?).'))),
    );
  });
}
