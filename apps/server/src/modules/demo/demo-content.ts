import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { AssetContentType, GIVEN_NAMES, Role, type AssetKind, type LinkHotspot } from '@spatia/contract';
import type { Database } from '../../db/database.js';
import { ServerMilestones } from '../../db/server-milestones.js';
import type { StorageDriver } from '../../drivers/storage/storage-driver.js';
import { EXTENSION_OF, type ContentType } from '../../lib/file-signature.js';
import type { Logger } from '../../lib/logger.js';
import type { ProcessingService } from '../processing/index.js';
import { DEFAULT_FOV } from '../tours/index.js';
import type { ToursService } from '../tours/index.js';
import type { UsersService } from '../users/index.js';
import type { Actor } from '../works/index.js';
import type { WorkAssetsService } from '../works/index.js';
import type { WorkPublishingService } from '../works/index.js';
import type { WorksService } from '../works/index.js';

/** Where the build renders the demo content's files (`npm run build`, scripts/build.mjs). */
export const DEFAULT_DEMO_DIR = fileURLToPath(new URL('../../../demo', import.meta.url));

/** The demo scenes, as the build names their files; the first opens first. */
export const DEMO_SCENES = [
  { file: 'living-room.jpg', label: '客厅 Living room', name: '客厅 Living room' },
  { file: 'balcony.jpg', label: '阳台 Balcony', name: '阳台 Balcony' },
] as const;

/** The demo 3D model (made with @gltf-transform) and point cloud (generated terrain and a building). */
export const DEMO_MODEL_FILE = 'pavilion.glb';
export const DEMO_POINT_CLOUD_FILE = 'terrain-and-building.las';
/** Their covers (a work goes online only with one), rendered by the build from the pipelines' poster and preview. */
export const DEMO_MODEL_COVER = 'pavilion-cover.jpg';
export const DEMO_POINT_CLOUD_COVER = 'terrain-and-building-cover.jpg';
/** "A few million": enough to show streaming by level of detail, small enough for a first start. */
export const DEMO_POINT_CLOUD_POINTS = 2_500_000;

/** The demo account's phone number (the migration that records demo seeding looks for it too). */
export const DEMO_PHONE = '13900000000';

export interface DemoServices {
  database: Database;
  users: UsersService;
  works: WorksService;
  workAssets: WorkAssetsService;
  workPublishing: WorkPublishingService;
  processing: ProcessingService;
  tours: ToursService;
  storage: StorageDriver;
  logger: Logger;
}

/** The demo works' uids, by type. */
export interface DemoWorks {
  tour: string;
  model: string;
  pointCloud: string;
}

/**
 * What adding the demo works came to: added; left alone because the demo account still has works; or
 * not possible, for want of the rendered files (no `npm run build` yet).
 */
export type DemoOutcome = { outcome: 'added'; works: DemoWorks } | { outcome: 'present' | 'noFiles' };

/**
 * The first start of a platform, whatever the admin command did before it, adds the demo works: once in
 * the platform's life, so that works an operator deleted stay deleted. Without the rendered files it
 * tries again at the next start; `npm run admin -- demo` adds them on purpose at any time.
 */
export async function seedDemoWorksOnce(services: DemoServices, demoDir = DEFAULT_DEMO_DIR): Promise<DemoOutcome | undefined> {
  const milestones = new ServerMilestones(services.database.db);
  // Reached first, so that of several servers starting together on one PostgreSQL only one seeds.
  if (!(await milestones.reach('demo-works-seeded'))) return undefined;
  const seeded = await addDemoWorks(services, demoDir);
  if (seeded.outcome === 'noFiles') {
    services.logger.warn({ demoDir }, 'no demo files found (run `npm run build`): starting without demo works');
    await milestones.forget('demo-works-seeded');
  }
  return seeded;
}

/**
 * Working examples for a new platform: a demo account with a two-scene panorama tour (linked both ways),
 * a 3D model and a point cloud, each passed by the platform's own review (the admin log shows the
 * system, not an administrator) and shown in the official showcase. A work has one name and one description, so theirs carry both languages. Everything goes
 * through the same services as a person's work; processing runs as jobs. Nothing is added while the
 * demo account still has works (the recycle bin's do not count).
 */
export async function addDemoWorks(services: DemoServices, demoDir = DEFAULT_DEMO_DIR): Promise<DemoOutcome> {
  const files = [
    ...DEMO_SCENES.map((scene) => scene.file),
    DEMO_MODEL_FILE,
    DEMO_MODEL_COVER,
    DEMO_POINT_CLOUD_FILE,
    DEMO_POINT_CLOUD_COVER,
  ].map((file) => path.join(demoDir, file));
  if (!files.every(existsSync)) return { outcome: 'noFiles' };
  const existing = await services.users.findIdByPhone(DEMO_PHONE);
  if (existing !== undefined && [...(await services.works.countByStatus(existing)).values()].some((count) => count > 0))
    return { outcome: 'present' };
  const ownerId =
    existing ??
    (
      await services.users.createUser({
        phone: DEMO_PHONE,
        password: null,
        fullName: GIVEN_NAMES.demo.stored,
        roles: [Role.photographer],
        permissionIds: [],
      })
    ).id;
  const owner = (await services.users.getAuthUser(ownerId))!;
  const tour = await seedDemoTour(services, owner, demoDir);
  const model = await seedDemoWork(services, owner, {
    name: '湖畔亭子 Lake Pavilion',
    type: 'model3d',
    description:
      '由 Spatia 在安装时生成的示例三维模型：拖动旋转，滚轮缩放。 A demo 3D model made by Spatia at install time: drag to orbit, scroll to zoom.',
    file: path.join(demoDir, DEMO_MODEL_FILE),
    cover: path.join(demoDir, DEMO_MODEL_COVER),
    contentType: AssetContentType.glb,
  });
  const pointCloud = await seedDemoWork(services, owner, {
    name: '山地与小楼 Hill & House',
    type: 'pointcloud',
    description:
      '由 Spatia 在安装时生成的示例点云：起伏的地形和一栋小楼，可以测量距离、面积和高度。 A demo point cloud made by Spatia at install time: rolling terrain and a small building; measure distances, areas and heights.',
    file: path.join(demoDir, DEMO_POINT_CLOUD_FILE),
    cover: path.join(demoDir, DEMO_POINT_CLOUD_COVER),
    contentType: AssetContentType.las,
  });
  return { outcome: 'added', works: { tour, model, pointCloud } };
}

/** A model or point cloud: its file as the origin, and the cover the build rendered from it. */
async function seedDemoWork(
  services: DemoServices,
  owner: Actor,
  demo: { name: string; type: 'model3d' | 'pointcloud'; description: string; file: string; cover: string; contentType: string },
): Promise<string> {
  const work = await services.works.create(owner, { name: demo.name, type: demo.type, description: demo.description });
  await attach(services, owner, work.uid, 'origin', readFileSync(demo.file), path.basename(demo.file), demo.contentType);
  await attach(services, owner, work.uid, 'cover', readFileSync(demo.cover), 'cover.jpg', AssetContentType.jpeg);
  await publishForShowcase(services, owner, work.uid);
  await services.processing.activate(owner, work.uid, 'zh');
  return work.uid;
}

async function seedDemoTour(services: DemoServices, owner: Actor, demoDir: string): Promise<string> {
  const files = DEMO_SCENES.map((scene) => path.join(demoDir, scene.file));
  const work = await services.works.create(owner, {
    name: '江景两居室 Riverside Flat',
    type: 'panorama',
    description:
      '一套由 Spatia 在安装时生成的示例漫游：拖动查看四周，点击箭头走到阳台。 A demo tour made by Spatia at install time: drag to look around, click the arrow to walk to the balcony.',
  });

  const panoramas = files.map((file) => readFileSync(file));
  for (const [index, bytes] of panoramas.entries())
    await attach(services, owner, work.uid, 'origin', bytes, DEMO_SCENES[index]!.file, AssetContentType.jpeg);
  // The view straight ahead from the first panorama: its middle half, cut to 16:9.
  const { width = 0 } = await sharp(panoramas[0]).metadata();
  const cover = await sharp(panoramas[0])
    .extract({ left: width / 4, top: width / 8, width: width / 2, height: Math.round((width / 2) * (9 / 16)) })
    .resize(1600)
    .jpeg({ quality: 85 })
    .toBuffer();
  await attach(services, owner, work.uid, 'cover', cover, 'cover.jpg', AssetContentType.jpeg);

  const origins = (await services.works.listAssets((await services.works.findByUid(work.uid))!.id)).filter(
    (asset) => asset.kind === 'origin',
  );
  const [living, balcony] = origins.sort((a, b) => a.id - b.id).map((asset) => `a${asset.id}`) as [string, string];
  const link = (id: string, targetSceneId: string, yaw: number): LinkHotspot => ({
    id,
    kind: 'link',
    yaw,
    pitch: -12,
    targetSceneId,
    arrowYaw: yaw,
    label: '',
  });
  await services.tours.preset(work.uid, {
    scenes: [
      {
        id: living,
        name: DEMO_SCENES[0].name,
        initialView: { yaw: 0, pitch: 0 },
        fov: DEFAULT_FOV,
        hotspots: [link('to-balcony', balcony, 0)],
      },
      {
        id: balcony,
        name: DEMO_SCENES[1].name,
        initialView: { yaw: 180, pitch: 0 },
        fov: DEFAULT_FOV,
        hotspots: [link('to-living-room', living, 180)],
      },
    ],
    autorotateDelay: 8,
    gallery: true,
    musicAssetId: null,
  });

  await publishForShowcase(services, owner, work.uid);
  await services.processing.activate(owner, work.uid, 'zh');
  return work.uid;
}

/** Online, passed by the platform's own review, and in the official showcase. */
async function publishForShowcase(services: DemoServices, owner: Actor, uid: string): Promise<void> {
  await services.workPublishing.setOnLined(owner, uid, true);
  await services.workPublishing.submitForAudit(owner, uid);
  await services.workPublishing.passReviewAsSystem(owner, uid);
  await services.workPublishing.setOpenInOfficial(owner, uid, true);
}

/** Stores bytes under their content address and attaches them through an upload grant, as a finished upload does. */
async function attach(
  services: DemoServices,
  owner: Actor,
  uid: string,
  kind: AssetKind,
  bytes: Buffer,
  fileName: string,
  contentType: string,
): Promise<void> {
  const grant = await services.workAssets.issueGrant(owner, uid, kind);
  const resolved = (await services.workAssets.resolveGrant(grant.grant))!;
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const key = `assets/${sha256.slice(0, 2)}/${sha256}${EXTENSION_OF[contentType as ContentType]}`;
  await services.storage.put(key, bytes, contentType);
  await services.workAssets.attach(resolved.grantId, { key, size: bytes.length, contentType, sha256, fileName });
}
