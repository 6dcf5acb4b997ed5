import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { rgbPng } from '../../apps/server/src/test/png-fixtures';
import { dataOf } from './api';
import { TOKEN_COOKIE, cookieValue } from './session';

/*
 * Works through the API, as the signed-in page's user: the web app keeps the session token in the
 * `spatia_token` cookie (and localStorage) and sends it in the `auth-token` and `x-auth-token`
 * headers; these helpers read the cookie and do the same.
 */

/** A work's card in the console's works grid. */
export const cardOf = (page: Page, uid: string): Locator => page.locator(`[data-testid="work-card"][data-uid="${uid}"]`);

export type WorkType = 'panorama' | 'model3d' | 'pointcloud';
export type AssetKind = 'origin' | 'cover' | 'slr' | 'coverVideo';

export interface WorkDetail {
  uid: string;
  type: WorkType;
  name: string;
  description: string;
  address: string;
  latitude: number | null;
  longitude: number | null;
  tags: string[];
  status: string;
  coverUrl: string;
  assets: { id: number; kind: AssetKind; fileName: string; size: number; url: string }[];
}

/** The session token of the signed-in page. */
export async function sessionToken(page: Page): Promise<string> {
  const token = await cookieValue(page, TOKEN_COOKIE);
  expect(token, 'the page is signed in').toBeTruthy();
  return token!;
}

export function authHeaders(token: string): Record<string, string> {
  return { 'auth-token': token, 'x-auth-token': token };
}

/** Requests as the page's user. */
export class WorksApi {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly headers: Record<string, string>,
  ) {}

  static async of(page: Page): Promise<WorksApi> {
    return new WorksApi(page.request, authHeaders(await sessionToken(page)));
  }

  async createWork(name: string, type: WorkType = 'panorama', description = ''): Promise<WorkDetail> {
    return dataOf<WorkDetail>(await this.request.post('/api/model', { headers: this.headers, data: { name, type, description } }));
  }

  async getWork(uid: string): Promise<WorkDetail> {
    return dataOf<WorkDetail>(await this.request.get(`/api/model/${uid}`, { headers: this.headers }));
  }

  /**
   * One asset through tus, the way the browser sends it: a grant, the creation with the grant in the
   * metadata, then one PATCH with the bytes (and the grant again in `Upload-Grant`).
   */
  async uploadAsset(uid: string, kind: AssetKind, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    const paths: Record<AssetKind, string> = {
      origin: 'origin/uploadCredentials',
      cover: 'uploadCredentials',
      slr: 'origin/SLR/uploadCredentials',
      coverVideo: 'coverVideo/uploadCredentials',
    };
    const grant = await dataOf<{ endpoint: string; grant: string }>(
      await this.request.get(`/api/model/${uid}/${paths[kind]}`, { headers: this.headers }),
    );
    const metadata = [`grant ${b64(grant.grant)}`, `filename ${b64(file.name)}`, `filetype ${b64(file.mimeType)}`].join(',');
    const created = await this.request.post(grant.endpoint, {
      headers: { ...this.headers, 'Tus-Resumable': '1.0.0', 'Upload-Length': String(file.buffer.length), 'Upload-Metadata': metadata },
    });
    expect(created.status(), await created.text()).toBe(201);
    const location = new URL(created.headers().location ?? '', new URL(grant.endpoint, 'http://placeholder')).pathname;
    const sent = await this.request.patch(location, {
      headers: {
        ...this.headers,
        'Tus-Resumable': '1.0.0',
        'Upload-Offset': '0',
        'Upload-Grant': grant.grant,
        'Content-Type': 'application/offset+octet-stream',
      },
      data: file.buffer,
    });
    expect(sent.ok(), await sent.text()).toBe(true);
  }

  /** Puts a complete work online (it needs a name, a cover and an origin). */
  async publish(uid: string): Promise<WorkDetail> {
    return dataOf<WorkDetail>(await this.request.put(`/api/model/${uid}/onLined`, { headers: this.headers, form: { onLined: 'true' } }));
  }

  /** A panorama online with a generated cover and origin. */
  async createPublishedWork(name: string): Promise<WorkDetail> {
    const work = await this.createWork(name);
    const png = { name: 'cover.png', mimeType: 'image/png', buffer: gradientPng(64, 32, [40, 110, 170], [230, 190, 80]) };
    await this.uploadAsset(work.uid, 'cover', png);
    await this.uploadAsset(work.uid, 'origin', { ...png, name: 'origin.png' });
    return this.publish(work.uid);
  }

  async submitForReview(uid: string): Promise<WorkDetail> {
    return dataOf<WorkDetail>(await this.request.post(`/api/model/${uid}/audit`, { headers: this.headers }));
  }
}

function b64(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64');
}

/** A real PNG (sharp must be able to read covers): a diagonal gradient of two colours. */
export function gradientPng(width: number, height: number, from: [number, number, number], to: [number, number, number]): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      const t = (x / width + y / height) / 2;
      for (let channel = 0; channel < 3; channel += 1)
        row[1 + x * 3 + channel] = Math.round(from[channel]! + (to[channel]! - from[channel]!) * t);
    }
    rows.push(row);
  }
  return rgbPng(width, height, Buffer.concat(rows));
}

/**
 * Bytes the server takes for a ZIP (it looks at the signature only), `size` long, different for each
 * `seed` so that two files are two uploads.
 */
export function zipLikeBytes(size: number, seed: number): Buffer {
  const bytes = Buffer.alloc(size);
  bytes.write('PK\x03\x04', 0, 'latin1');
  for (let index = 4; index < size; index += 4096) bytes[index] = (index / 4096 + seed) & 0xff;
  return bytes;
}
