import pino, { type Logger } from 'pino';
import type { Config } from '../config/config.js';

export type { Logger };

/**
 * The one logger of the process: pino JSON lines on stdout. Fastify runs without a logger of its
 * own, because with one it arms listeners and clocks on every response for request lines that, above
 * the info level, are never written; the app logs requests itself when info is on.
 */
export function createLogger(level: Config['logLevel']): Logger {
  return pino({ level });
}

export function logsRequests(logger: Logger): boolean {
  return logger.isLevelEnabled('info');
}
