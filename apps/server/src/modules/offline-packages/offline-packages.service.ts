import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { fileURLToPath } from 'node:url';
import yazl from 'yazl';
import {
  CUBE_FACES,
  OFFLINE_TOUR_SCRIPT,
  offlineImageScript,
  offlineImageScriptPath,
  offlineNarrationAudioPath,
  offlineTourScript,
  PANORAMA_PREVIEW_PATH,
  PANORAMA_THUMB_PATH,
  panoramaBasePath,
  panoramaTilePath,
  type PanoramaManifest,
} from '@spatia/contract';
import type { StorageDriver } from '../../drivers/storage/storage-driver.js';
import { EXTENSION_OF, type ContentType } from '../../lib/file-signature.js';
import type { DownloadTicket, DownloadTickets } from '../download-tickets/index.js';
import type { NarrationsService } from '../narrations/index.js';
import { sceneFolder } from '../processing/index.js';
import { buildTour, type ToursService } from '../tours/index.js';
import type { Actor } from '../works/index.js';
import type { WorksService } from '../works/index.js';

/** Where `npm run build` puts the standalone tour viewer (packages/viewers). */
export const DEFAULT_VIEWER_DIST_DIR = fileURLToPath(new URL('../../../../../packages/viewers/dist/standalone', import.meta.url));

const README = `Spatia offline tour / Spatia 离线漫游

This folder is a complete tour: the viewer, every scene and every tile. Unzip it and open index.html
in a browser. It also works from any static web server, for example:

  npx serve .                      (Node.js)
  python3 -m http.server 8000      (Python; then open http://localhost:8000)

本文件夹包含完整的漫游：查看器、所有场景和全部瓦片。解压后用浏览器打开 index.html 即可观看。也可以用任意
静态网站服务器打开本文件夹，例如：

  npx serve .                      （Node.js）
  python3 -m http.server 8000      （Python；然后打开 http://localhost:8000）
`;

/**
 * The offline package's Content-Security-Policy. Static servers send no headers of ours, and a page
 * opened from disk gets none, so it rides in index.html as a `<meta>`. Every source is the package
 * itself, named relatively ('self'), so the policy holds on whatever server or folder the package lands
 * (Chromium counts the page's own folder as 'self' under file:// too); names, labels and texts people
 * typed reach the page only as data (tour.js) and are shown as text, and this is what stops a script if
 * one ever slipped through. What the tour needs beyond 'self':
 * - style attributes ('unsafe-inline' for styles, never for scripts): Photo Sphere Viewer's gallery
 *   template and our floor arrows carry `style="…"`;
 * - images from `data:` (base faces and tiles come as data: URLs out of their scripts, the one form
 *   WebGL may draw on a page opened from disk: @spatia/contract offline-package.ts) and `https:` (an
 *   info hotspot's picture may be any web address, as on the site).
 * Nothing is fetched, and no workers, WebAssembly, fonts or frames are used; music is a file of the package.
 */
export const OFFLINE_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "media-src 'self'",
  "connect-src 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/**
 * The viewer's index.html with the policy as the first thing in its head, before any script or
 * stylesheet it governs.
 */
export function withContentSecurityPolicy(indexHtml: string): string {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${OFFLINE_CONTENT_SECURITY_POLICY}" />`;
  const opening = /<head\b[^>]*>/i.exec(indexHtml) ?? /^\s*(?:<!doctype[^>]*>)?\s*(?:<html\b[^>]*>)?/i.exec(indexHtml)!;
  const at = opening.index + opening[0].length;
  return `${indexHtml.slice(0, at)}\n    ${meta}${indexHtml.slice(at)}`;
}

/**
 * Every file a processed scene has, relative to its folder: the pictures only shown (preview, thumbnail)
 * and the images the viewer draws with WebGL (base faces, tiles), which the package carries as scripts.
 */
export function sceneFiles(manifest: PanoramaManifest): { shown: string[]; drawn: string[] } {
  const drawn = CUBE_FACES.map(panoramaBasePath);
  manifest.levels.forEach((level, index) => {
    for (const face of CUBE_FACES) {
      for (let col = 0; col < level.nbTiles; col += 1) {
        for (let row = 0; row < level.nbTiles; row += 1) drawn.push(panoramaTilePath(index, face, col, row));
      }
    }
  });
  return { shown: [PANORAMA_PREVIEW_PATH, PANORAMA_THUMB_PATH], drawn };
}

/**
 * Offline packages: a zip of the standalone viewer, `tour.js` with relative paths, and every file of
 * every scene (base faces and tiles as scripts). The zip is written as it is sent; each stored file is
 * opened only when its turn comes, so memory stays flat whatever the size of the tour.
 */
export class OfflinePackages {
  constructor(
    private readonly works: WorksService,
    private readonly tours: ToursService,
    private readonly storage: StorageDriver,
    private readonly tickets: DownloadTickets,
    private readonly narrations: NarrationsService,
    private readonly viewerDir: string = DEFAULT_VIEWER_DIST_DIR,
  ) {}

  /** A one-minute download link; the work is checked now, so a refusal shows in the console rather than as a failed download. */
  async issueTicket(actor: Actor, uid: string): Promise<DownloadTicket> {
    const work = await this.works.findManageable(actor, uid);
    await this.tours.load(work);
    return this.tickets.issue(actor, 'offline', work.uid, `/api/model/${encodeURIComponent(work.uid)}/offlinePackage`);
  }

  async openWithTicket(uid: string, ticket: string): Promise<{ fileName: string; stream: Readable }> {
    return this.open(await this.tickets.redeem('offline', uid, ticket), uid);
  }

  async open(actor: Actor, uid: string): Promise<{ fileName: string; stream: Readable }> {
    const processed = await this.tours.load(await this.works.findManageable(actor, uid));
    const musicName = processed.music ? `media/music${EXTENSION_OF[processed.music.contentType as ContentType] ?? ''}` : '';
    const tour = buildTour(processed, { sceneBase: (scene) => `scenes/${scene.id}/`, music: () => musicName });
    const viewerFiles = await this.listViewerFiles();
    // Published narrated guides ride along: their texts in tour.js, their clips as files (docs/narrations.md).
    const narrations = await this.narrations.forPackage(processed.work, tour, (scene) =>
      offlineNarrationAudioPath(scene.narrationId, scene.sceneId, path.extname(scene.audioKey ?? '')),
    );

    const zip = new yazl.ZipFile();
    for (const file of viewerFiles) {
      if (file === 'index.html') {
        zip.addBuffer(Buffer.from(withContentSecurityPolicy(await readFile(path.join(this.viewerDir, file), 'utf8'))), file);
      } else {
        zip.addFile(path.join(this.viewerDir, file), file);
      }
    }
    zip.addBuffer(Buffer.from(offlineTourScript(tour, narrations.guides)), OFFLINE_TOUR_SCRIPT);
    zip.addBuffer(Buffer.from(README), 'README.txt');
    for (const scene of processed.scenes) {
      const folder = sceneFolder(processed.filesUid, processed.runId, scene.id);
      const { shown, drawn } = sceneFiles(scene.manifest);
      // JPEGs do not shrink: stored as they are, the zip costs no CPU to write.
      for (const file of shown) this.addStored(zip, `${folder}/${file}`, `scenes/${scene.id}/${file}`);
      // Base64 does: deflate takes back most of its third.
      for (const file of drawn) this.addStored(zip, `${folder}/${file}`, offlineImageScriptPath(`scenes/${scene.id}/${file}`), imageScript);
    }
    if (processed.music) this.addStored(zip, processed.music.storageKey, musicName);
    // Audio does not shrink either.
    for (const clip of narrations.files) this.addStored(zip, clip.key, clip.name);
    zip.end();
    return { fileName: `${processed.work.name || processed.work.uid}.zip`, stream: zip.outputStream as unknown as Readable };
  }

  /** A stored file under `name`: as it is, or rewritten by `transform` and compressed. */
  private addStored(zip: yazl.ZipFile, key: string, name: string, transform?: (stream: Readable) => Promise<Readable>): void {
    zip.addReadStreamLazy(name, { compress: transform !== undefined }, (callback) => {
      this.openStored(key, transform).then(
        (stream) => callback(null, stream),
        (error: Error) => callback(error, undefined as never),
      );
    });
  }

  private async openStored(key: string, transform?: (stream: Readable) => Promise<Readable>): Promise<Readable> {
    const file = await this.storage.read(key);
    if (!file) throw new Error(`${key} is missing from storage`);
    return transform ? transform(file.stream) : file.stream;
  }

  private async listViewerFiles(): Promise<string[]> {
    if (!existsSync(path.join(this.viewerDir, 'index.html')))
      throw new Error(`no standalone viewer in ${this.viewerDir} (run npm run build)`);
    const entries = await readdir(this.viewerDir, { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile() && !/\.(br|gz)$/.test(entry.name))
      .map((entry) => path.relative(this.viewerDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
  }
}

/** A base face or tile as the script that carries it (one tile at a time in memory: a few hundred KB at most). */
async function imageScript(jpeg: Readable): Promise<Readable> {
  return Readable.from([offlineImageScript((await buffer(jpeg)).toString('base64'))]);
}
