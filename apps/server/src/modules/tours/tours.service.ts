import { CUBE_FACES, firstViewFace, panoramaBasePath, type Tour, type TourUpdate } from '@spatia/contract';
import type { Executor, Transaction } from '../../db/database.js';
import type { ProcessedScene } from '../processing/index.js';
import type { StoredTourSettings } from './tours.tables.js';
import { fail } from '../../lib/app-error.js';
import type { SensitiveWordsService } from '../sensitive-words/index.js';
import { sceneFolder } from '../processing/index.js';
import type { ProcessingService } from '../processing/index.js';
import { fileUrl } from '../uploads/index.js';
import type { Actor } from '../works/index.js';
import type { WorkAssetRow, WorkRow, WorksService } from '../works/index.js';
import { reconcileTourSettings, tourTexts, tourUpdateProblem } from './tour-settings.js';
import type { ToursRepository } from './tours.repository.js';

/** Where a tour's files are: the site's /files/ URLs, or the folders of an offline package. */
export interface TourFileLocations {
  sceneBase(scene: ProcessedScene): string;
  music(asset: WorkAssetRow): string;
}

/** A processed panorama work, as its tour needs it. */
export interface ProcessedWork {
  work: WorkRow;
  runId: string;
  /** The work whose folder holds the run's files: this one, or its original for a copy sharing the run. */
  filesUid: string;
  scenes: ProcessedScene[];
  settings: StoredTourSettings;
  revision: number;
  music: WorkAssetRow | undefined;
}

/**
 * Panorama tours: the processed scenes of a work, with what its owner set for each (docs/processing.md).
 * A published run reconciles the settings with its scenes; a reset forgets them.
 */
export class ToursService {
  constructor(
    private readonly repository: ToursRepository,
    private readonly processing: ProcessingService,
    private readonly works: WorksService,
    private readonly sensitiveWords: SensitiveWordsService,
  ) {}

  /** The tour as the site's viewer reads it; anyone who may read the work may read its tour. */
  async get(actor: Actor | undefined, uid: string): Promise<Tour> {
    const processed = await this.load(await this.works.findViewable(actor, uid));
    return buildTour(processed, siteLocations(processed));
  }

  /**
   * The opening scene's base faces as the viewer asks for them (its folder plus `base/{face}.jpg`), the one
   * the opening view looks into first; null for works that are no processed panorama. The caller has
   * checked who may see it.
   */
  async firstViewImages(work: WorkRow): Promise<string[] | null> {
    if (work.type !== 'panorama' || !(await this.processing.published(work.id))) return null;
    const processed = await this.load(work);
    const first = buildTour(processed, siteLocations(processed)).scenes[0];
    if (!first) return null;
    const facing = firstViewFace(first.initialView);
    return [facing, ...CUBE_FACES.filter((face) => face !== facing)].map((face) => first.baseUrl + panoramaBasePath(face));
  }

  async save(actor: Actor, uid: string, update: TourUpdate): Promise<Tour> {
    await this.sensitiveWords.assertClean('tour', tourTexts(update).join('\n'));
    const saved = await this.works.change(actor, uid, async (work, tx) => {
      const processed = await this.load(work, tx);
      const stored = await this.repository.lock(work.id, tx);
      if ((stored?.revision ?? processed.revision) !== update.revision) throw fail('tourRevisionStale');
      const musicIds = (await this.works.listAssets(work.id, tx)).filter((asset) => asset.kind === 'music').map((asset) => asset.id);
      const problem = tourUpdateProblem(
        update,
        processed.scenes.map((scene) => scene.id),
        musicIds,
      );
      if (problem) throw fail('tourInvalid', { ...problem });
      const settings: StoredTourSettings = {
        scenes: update.scenes,
        autorotateDelay: update.autorotateDelay,
        gallery: update.gallery,
        musicAssetId: update.musicAssetId,
      };
      const row = await this.repository.save(work.id, settings, update.revision + 1, tx);
      return {
        ...processed,
        settings: row.settings,
        revision: row.revision,
        music: await this.musicOf(work.id, settings.musicAssetId, tx),
      };
    });
    return buildTour(saved, siteLocations(saved));
  }

  /**
   * Settings given before the first processing (demo content): the run that publishes the scenes
   * keeps them for the scenes it produces.
   */
  async preset(uid: string, settings: StoredTourSettings): Promise<void> {
    const work = await this.works.findByUid(uid);
    if (!work) throw fail('notFound');
    await this.repository.save(work.id, settings, 1);
  }

  /** A published run's scenes, in upload order: the settings follow them (new scenes get defaults, gone ones go). */
  async onPublished(work: WorkRow, scenes: ProcessedScene[], tx: Transaction): Promise<void> {
    if (work.type !== 'panorama') return;
    const tour = await this.repository.lock(work.id, tx);
    await this.repository.save(work.id, reconcileTourSettings(tour?.settings, scenes), (tour?.revision ?? 0) + 1, tx);
  }

  async onDiscarded(workId: number, tx: Transaction): Promise<void> {
    await this.repository.delete(workId, tx);
  }

  /** A copy gets the original's settings, its music being the copy's own asset. */
  async onCopied(originalId: number, copyId: number, assetIds: ReadonlyMap<number, number>, tx: Transaction): Promise<void> {
    const tour = await this.repository.find(originalId, tx);
    if (!tour) return;
    const musicAssetId = tour.settings.musicAssetId === null ? null : (assetIds.get(tour.settings.musicAssetId) ?? null);
    await this.repository.save(copyId, { ...tour.settings, musicAssetId }, 1, tx);
  }

  /** A work's published scenes and settings; refused for other types and for works never processed. */
  async load(work: WorkRow, executor: Executor = this.repository.db): Promise<ProcessedWork> {
    if (work.type !== 'panorama') throw fail('notAPanorama');
    const published = await this.processing.published(work.id, executor);
    if (!published) throw fail('workNotProcessed');
    const tour = await this.repository.find(work.id, executor);
    const settings = tour?.settings ?? reconcileTourSettings(undefined, published.scenes);
    return {
      work,
      runId: published.runId,
      filesUid: published.sharedFrom ?? work.uid,
      scenes: published.scenes,
      settings,
      revision: tour?.revision ?? 0,
      music: await this.musicOf(work.id, settings.musicAssetId, executor),
    };
  }

  private async musicOf(workId: number, assetId: number | null, executor: Executor): Promise<WorkAssetRow | undefined> {
    if (assetId === null) return undefined;
    return this.works.findAsset(workId, assetId, executor);
  }
}

/**
 * On the site, files are served from storage; `?w=` names the work so its traffic is counted. Scenes are
 * named under the work's own uid even when it shares its original's run, for the same reason.
 */
function siteLocations({ work, runId }: ProcessedWork): TourFileLocations {
  return {
    sceneBase: (scene) => `${fileUrl(sceneFolder(work.uid, runId, scene.id))}/`,
    music: (asset) => `${fileUrl(asset.storageKey)}?w=${encodeURIComponent(work.uid)}`,
  };
}

/** Settings and processed scenes joined in gallery order; a scene missing from the settings keeps its defaults. */
export function buildTour(processed: ProcessedWork, locations: TourFileLocations): Tour {
  const { work, scenes, music } = processed;
  const settings = reconcileTourSettings(processed.settings, scenes);
  const byId = new Map(scenes.map((scene) => [scene.id, scene]));
  return {
    workUid: work.uid,
    name: work.name,
    scenes: settings.scenes.flatMap((sceneSettings) => {
      const scene = byId.get(sceneSettings.id);
      return scene ? [{ ...sceneSettings, baseUrl: locations.sceneBase(scene), panorama: scene.manifest }] : [];
    }),
    autorotateDelay: settings.autorotateDelay,
    gallery: settings.gallery,
    musicUrl: music ? locations.music(music) : null,
    musicAssetId: music?.id ?? null,
    revision: processed.revision,
  };
}
