import { describe, expect, it } from 'vitest';
import { FileUrlSigner, fileUrl } from './file-urls.js';

const NOW = 1_800_000_000_000;
const HOUR = 3_600_000;

function signer(clock = { now: NOW }, secret = 'file-secret') {
  return {
    clock,
    signer: new FileUrlSigner(
      () => Promise.resolve(secret),
      () => clock.now,
    ),
  };
}

const partsOf = (url: string) => {
  const parsed = new URL(url, 'http://localhost');
  return {
    path: parsed.pathname,
    expires: parsed.searchParams.get('expires') ?? undefined,
    signature: parsed.searchParams.get('signature') ?? undefined,
  };
};

describe('fileUrl', () => {
  it('serves a stored key under /files/, and nothing for no key', () => {
    expect(fileUrl('covers/W1/abc.webp')).toBe('/files/covers/W1/abc.webp');
    expect(fileUrl('')).toBe('');
  });
});

describe('signed links to private files', () => {
  it('open the file they were made for for an hour', async () => {
    const { clock, signer: files } = signer();
    const link = partsOf(await files.sign('assets/ab/abc'));
    expect(link.path).toBe('/files/assets/ab/abc');
    expect(link.expires).toBe(String(NOW + HOUR));
    expect(link.signature).toMatch(/^[\w-]{43}$/);
    expect(await files.check('assets/ab/abc', link.expires, link.signature)).toBe('valid');
    clock.now = NOW + HOUR;
    expect(await files.check('assets/ab/abc', link.expires, link.signature)).toBe('valid');
    clock.now = NOW + HOUR + 1;
    expect(await files.check('assets/ab/abc', link.expires, link.signature)).toBe('expired');
  });

  it('open no other file, no later expiry, and nothing signed with another secret', async () => {
    const { signer: files } = signer();
    const link = partsOf(await files.sign('assets/ab/abc'));
    expect(await files.check('assets/ab/other', link.expires, link.signature)).toBe('invalid');
    expect(await files.check('assets/ab/abc', String(NOW + 2 * HOUR), link.signature)).toBe('invalid');
    const { signer: elsewhere } = signer({ now: NOW }, 'another-secret');
    expect(await elsewhere.check('assets/ab/abc', link.expires, link.signature)).toBe('invalid');
  });

  it('refuse a link with a part missing, changed or malformed, as invalid rather than expired', async () => {
    const { signer: files } = signer();
    const link = partsOf(await files.sign('assets/ab/abc'));
    const flipped = `${link.signature!.slice(0, -1)}${link.signature!.endsWith('A') ? 'B' : 'A'}`;
    expect(await files.check('assets/ab/abc', link.expires, flipped)).toBe('invalid');
    expect(await files.check('assets/ab/abc', link.expires, `${link.signature}A`)).toBe('invalid');
    expect(await files.check('assets/ab/abc', undefined, link.signature)).toBe('invalid');
    expect(await files.check('assets/ab/abc', link.expires, undefined)).toBe('invalid');
    expect(await files.check('assets/ab/abc', '1e15', link.signature)).toBe('invalid');
    expect(await files.check('assets/ab/abc', '1'.repeat(16), link.signature)).toBe('invalid');
  });
});
