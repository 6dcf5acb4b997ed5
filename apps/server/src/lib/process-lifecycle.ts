import { ConfigError, loadConfig, loadDotEnv, type Config } from '../config/config.js';

/** Reads `.env` and the environment; a bad value ends the process with one line naming each wrong variable. */
export function readConfigOrExit(): Config {
  try {
    loadDotEnv();
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * SIGTERM and SIGINT run `close` once and exit 0 when it is done, or 1 when it fails or takes longer
 * than `timeoutMs`.
 */
export function installShutdown(
  close: () => Promise<unknown>,
  timeoutMs: number,
  log: (message: string) => void,
  finishing = 'in-flight requests',
) {
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    log(`${signal} received: finishing ${finishing}`);
    const forceExit = setTimeout(() => process.exit(1), timeoutMs);
    forceExit.unref();
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}
