import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { Role, type AssetKind, type LinkHotspot } from '@spatia/contract';
import type { StorageDriver } from '../../drivers/storage/storage-driver.js';
import type { Logger } from '../../lib/logger.js';
import type { ProcessingService } from '../processing/processing.service.js';
import { DEFAULT_FOV } from '../processing/tour-settings.js';
import type { ToursService } from '../processing/tours.service.js';
import type { UsersService } from '../users/users.service.js';
import type { Actor } from '../works/work-access.js';
import type { WorkAssetsService } from '../works/work-assets.service.js';
import type { WorkPublishingService } from '../works/work-publishing.service.js';
import type { WorksService } from '../works/works.service.js';

/** Where the build renders the demo panoramas (`npm run build`, scripts/build.mjs). */
export const DEFAULT_DEMO_DIR = fileURLToPath(new URL('../../../demo', import.meta.url));

/** The demo scenes, as the build names their files; the first opens first. */
export const DEMO_SCENES = [
  { file: 'living-room.jpg', label: '客厅 Living room', name: '客厅' },
  { file: 'balcony.jpg', label: '阳台 Balcony', name: '阳台' },
] as const;

const DEMO_PHONE = '13900000000';

export interface DemoServices {
  users: UsersService;
  works: WorksService;
  workAssets: WorkAssetsService;
  workPublishing: WorkPublishingService;
  processing: ProcessingService;
  tours: ToursService;
  storage: StorageDriver;
  logger: Logger;
}

/**
 * The first start of an empty platform shows a working tour at once: a demo account with a two-scene
 * panorama tour, linked both ways, reviewed by the first administrator and shown in the official
 * showcase. Everything goes through the same services as a person's work; processing runs as a job.
 */
export async function seedDemoContent(services: DemoServices, admin: Actor, demoDir = DEFAULT_DEMO_DIR): Promise<string | undefined> {
  const files = DEMO_SCENES.map((scene) => path.join(demoDir, scene.file));
  if (!files.every(existsSync)) {
    services.logger.warn({ demoDir }, 'no demo panoramas found (run `npm run build`): starting without demo content');
    return undefined;
  }
  const created = await services.users.createUser({ phone: DEMO_PHONE, password: null, fullName: 'Spatia 示例', roles: [Role.photographer], permissionIds: [] });
  const owner = (await services.users.getAuthUser(created.id))!;
  const work = await services.works.create(owner, {
    name: '示例：江景两居室',
    type: 'panorama',
    description: '一套由 Spatia 在安装时生成的示例漫游：拖动查看四周，点击箭头走到阳台。 A demo tour made by Spatia at install time: drag to look around, click the arrow to walk to the balcony.',
  });

  const panoramas = files.map((file) => readFileSync(file));
  for (const [index, bytes] of panoramas.entries()) await attach(services, owner, work.uid, 'origin', bytes, DEMO_SCENES[index]!.file);
  // The view straight ahead from the first panorama: its middle half, cut to 16:9.
  const { width = 0 } = await sharp(panoramas[0]).metadata();
  const cover = await sharp(panoramas[0])
    .extract({ left: width / 4, top: width / 8, width: width / 2, height: Math.round((width / 2) * (9 / 16)) })
    .resize(1600)
    .jpeg({ quality: 85 })
    .toBuffer();
  await attach(services, owner, work.uid, 'cover', cover, 'cover.jpg');

  const origins = (await services.works.repository.listAssets((await services.works.repository.findByUid(work.uid))!.id)).filter((asset) => asset.kind === 'origin');
  const [living, balcony] = origins.sort((a, b) => a.id - b.id).map((asset) => `a${asset.id}`) as [string, string];
  const link = (id: string, targetSceneId: string, yaw: number): LinkHotspot => ({ id, kind: 'link', yaw, pitch: -12, targetSceneId, arrowYaw: yaw, label: '' });
  await services.tours.preset(work.uid, {
    scenes: [
      { id: living, name: DEMO_SCENES[0].name, initialView: { yaw: 0, pitch: 0 }, fov: DEFAULT_FOV, hotspots: [link('to-balcony', balcony, 0)] },
      { id: balcony, name: DEMO_SCENES[1].name, initialView: { yaw: 180, pitch: 0 }, fov: DEFAULT_FOV, hotspots: [link('to-living-room', living, 180)] },
    ],
    autorotateDelay: 8,
    gallery: true,
    musicAssetId: null,
  });

  await services.workPublishing.setOnLined(owner, work.uid, true);
  await services.workPublishing.submitForAudit(owner, work.uid);
  await services.workPublishing.claimReview(admin, work.uid);
  await services.workPublishing.decideReview(admin, work.uid, { passed: true, note: '' });
  await services.workPublishing.setOpenInOfficial(owner, work.uid, true);
  await services.processing.activate(owner, work.uid, 'zh');
  return work.uid;
}

/** Stores bytes under their content address and attaches them through an upload grant, as a finished upload does. */
async function attach(services: DemoServices, owner: Actor, uid: string, kind: AssetKind, bytes: Buffer, fileName: string): Promise<void> {
  const grant = await services.workAssets.issueGrant(owner, uid, kind);
  const resolved = (await services.workAssets.resolveGrant(grant.grant))!;
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const key = `assets/${sha256.slice(0, 2)}/${sha256}.jpg`;
  await services.storage.put(key, bytes, 'image/jpeg');
  await services.workAssets.attach(resolved.grantId, { key, size: bytes.length, contentType: 'image/jpeg', sha256, fileName });
}
