/**
 * Whether an error says the database could not be reached, rather than that a query was wrong: a server
 * that is down or restarting, a connection cut or never made. Such a request deserves 503 and a retry, not
 * 500 and a report. PostgreSQL names some by SQLSTATE; node names refused and reset sockets; pg and
 * pg-pool say the rest only in words, so their messages are matched. Drizzle wraps the driver's error as
 * `cause`.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 4; depth += 1) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNREACHABLE_SOCKET.has(code) || SERVER_GOING_AWAY.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && DRIVER_MESSAGES.some((start) => message.startsWith(start))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

const UNREACHABLE_SOCKET = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);

/** admin_shutdown, crash_shutdown, cannot_connect_now (starting up, shutting down, in recovery). Class 08 is the connection's. */
const SERVER_GOING_AWAY = new Set(['57P01', '57P02', '57P03']);

const DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
];
