import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from './errors.js';

describe('docs/errors.md', () => {
  it('lists every error code', () => {
    const catalogue = readFileSync(new URL('../../../docs/errors.md', import.meta.url), 'utf8');
    const listed = new Set([...catalogue.matchAll(/^\| (\d+) \|/gm)].map((match) => Number(match[1])));
    const missing = Object.entries(ErrorCode).filter(([, code]) => !listed.has(code));
    expect(missing).toEqual([]);
  });
});
