import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('runs on embedded defaults with nothing set', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe(path.resolve('data'));
    expect(config.database).toEqual({ kind: 'pglite', dataDir: path.resolve('data', 'db') });
    expect(config.redisUrl).toBeUndefined();
  });

  it('switches to PostgreSQL with DATABASE_URL', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db:5432/spatia' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@db:5432/spatia', poolSize: 20 });
  });

  it('lists every bad variable in one message', () => {
    let caught: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const message = (caught as ConfigError).message;
    expect(message.split('\n')).toHaveLength(1);
    expect(message).toContain('PORT must be a valid number');
    expect(message).toContain('DATABASE_URL must be a postgres:// or postgresql:// connection URL');
    expect(message).toMatch(/LOG_LEVEL must be one of fatal, error, warn, info/);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).database.kind).toBe('pglite');
  });
});

describe('.env.example', () => {
  it('documents every variable the server reads', () => {
    const example = readFileSync(new URL('../../../../.env.example', import.meta.url), 'utf8');
    const undocumented = CONFIG_VARIABLES.filter((name) => !new RegExp(`^#? ?${name}=`, 'm').test(example));
    expect(undocumented).toEqual([]);
  });
});
