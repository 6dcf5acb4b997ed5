import { createHmac, timingSafeEqual } from 'node:crypto';

export const FILES_PREFIX = '/files/';

/** How long a signed link to a private file opens it. */
export const SIGNED_FILE_URL_SECONDS = 3600;

/** The address `/files/*` serves a stored file at (public files only: private ones need `FileUrlSigner`). */
export function fileUrl(key: string): string {
  return key ? `${FILES_PREFIX}${key}` : '';
}

export type SignatureCheck = 'valid' | 'expired' | 'invalid';

/**
 * Links to private files (originals, SLR photos): `/files/{key}?expires={ms}&signature={HMAC}`. Whoever
 * may read the file gets a link for an hour; the files route opens a private key with nothing else.
 * The link works without headers, so a browser's own download and an <img> can use it.
 */
export class FileUrlSigner {
  constructor(
    private readonly secret: () => Promise<string>,
    private readonly now: () => number = Date.now,
  ) {}

  async sign(key: string): Promise<string> {
    const expires = this.now() + SIGNED_FILE_URL_SECONDS * 1000;
    return `${fileUrl(key)}?expires=${expires}&signature=${await this.signature(key, expires)}`;
  }

  async check(key: string, expires: string | undefined, signature: string | undefined): Promise<SignatureCheck> {
    if (!expires || !signature || !/^\d{1,15}$/.test(expires)) return 'invalid';
    const expected = Buffer.from(await this.signature(key, Number(expires)));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    return Number(expires) < this.now() ? 'expired' : 'valid';
  }

  private async signature(key: string, expires: number): Promise<string> {
    return createHmac('sha256', await this.secret())
      .update(`file\n${key}\n${expires}`)
      .digest('base64url');
  }
}
