import { createHash } from 'node:crypto';
import {
  NARRATION_LIMITS,
  PANORAMA_THUMB_PATH,
  type NarrationCreate,
  type NarrationDetail,
  type NarrationLanguage,
  type NarrationScene,
  type NarrationSummary,
  type NarrationUpdate,
  type PublicNarration,
  type Tour,
} from '@spatia/contract';
import type { StorageDriver } from '../../drivers/storage/storage-driver.js';
import { fail, invalid } from '../../lib/app-error.js';
import type { SensitiveWordsService } from '../sensitive-words/index.js';
import type { ToursService } from '../tours/index.js';
import { fileUrl } from '../uploads/index.js';
import type { Actor, WorkRow, WorksService } from '../works/index.js';
import { probeAudio } from './audio-probe.js';
import type { NarrationRow, NarrationSceneRow, NarrationsRepository } from './narrations.repository.js';

/** Where a guide's clips are stored; served to anyone by /files/ (content-addressed, unguessable keys). */
export const NARRATIONS_FOLDER = 'narrations';

/** The scenes of a tour, in its order, as a guide needs them. */
type TourScenes = Pick<Tour, 'scenes'>;

/** A guide's scene text: plain, line breaks kept, control characters and surrounding blanks gone. */
export function cleanNarrationText(text: string): string {
  return (
    text
      .replace(/\r\n?/g, '\n')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]/g, '')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

/** On the site a clip is a /files/ URL; `?w=` names the work so its traffic is counted. */
const siteUrl = (workUid: string) => (key: string) => `${fileUrl(key)}?w=${encodeURIComponent(workUid)}`;

/** A clip as players read it, or null. */
function audioOf(row: NarrationSceneRow, url: (key: string) => string): NarrationScene['audio'] {
  if (!row.audioKey || !row.audioType) return null;
  return { url: url(row.audioKey), contentType: row.audioType, durationMs: row.audioDurationMs ?? 0, bytes: row.audioBytes ?? 0 };
}

/** The guide's scenes in the tour's order: every scene of the tour, with what the guide says of it. */
export function narratedScenes(
  tour: TourScenes,
  rows: readonly NarrationSceneRow[],
  audioUrl: (row: NarrationSceneRow) => NarrationScene['audio'],
) {
  const bySceneId = new Map(rows.map((row) => [row.sceneId, row]));
  return tour.scenes.map((scene) => {
    const row = bySceneId.get(scene.id);
    return { scene, narration: { sceneId: scene.id, text: row?.text ?? '', audio: row ? audioUrl(row) : null } satisfies NarrationScene };
  });
}

const isNarrated = (scene: NarrationScene) => scene.text !== '' || scene.audio !== null;

/**
 * Narrated guides of panorama tours (docs/narrations.md): the owner's console calls behind permission
 * 962 (the routes declare it; every call here also checks the guide is the caller's), and the published
 * guide a tour's viewer plays.
 */
export class NarrationsService {
  constructor(
    private readonly repository: NarrationsRepository,
    private readonly works: WorksService,
    private readonly tours: ToursService,
    private readonly sensitiveWords: SensitiveWordsService,
    private readonly storage: StorageDriver,
  ) {}

  async list(actor: Actor): Promise<NarrationSummary[]> {
    const rows = await this.repository.listByOwner(actor.id);
    return Promise.all(
      rows.map(async (row) => {
        const { work, tour } = await this.tourOf(actor, row);
        return this.summarise(row, work, tour, await this.repository.listScenes(row.id));
      }),
    );
  }

  async create(actor: Actor, input: NarrationCreate): Promise<NarrationDetail> {
    const title = cleanNarrationText(input.title).replace(/\s+/g, ' ');
    if (!title) throw invalid('title', 'required');
    await this.sensitiveWords.assertClean('title', title);
    const work = await this.works.findByUid(input.workUid);
    if (!work || work.deletedAt || work.ownerId !== actor.id || work.type !== 'panorama') throw fail('narrationTourNotYours');
    await this.tours.load(work);
    const row = await this.repository.db.transaction(async (tx) => {
      if ((await this.repository.countByOwner(actor.id, tx)) >= NARRATION_LIMITS.guidesPerOwner) {
        throw fail('narrationTooMany', { max: NARRATION_LIMITS.guidesPerOwner });
      }
      if (await this.repository.findByWorkAndLanguage(work.id, input.language, tx)) {
        throw fail('narrationLanguageTaken', { language: input.language });
      }
      return this.repository.insert({ ownerId: actor.id, workId: work.id, title, language: input.language }, tx);
    });
    return this.present(actor, row);
  }

  async detail(actor: Actor, id: number): Promise<NarrationDetail> {
    return this.present(actor, await this.owned(actor, id));
  }

  async update(actor: Actor, id: number, input: NarrationUpdate): Promise<NarrationDetail> {
    const row = await this.owned(actor, id);
    const title = cleanNarrationText(input.title).replace(/\s+/g, ' ');
    if (!title) throw invalid('title', 'required');
    await this.sensitiveWords.assertClean('title', title);
    const saved = await this.repository.db.transaction(async (tx) => {
      if (input.language !== row.language) {
        const other = await this.repository.findByWorkAndLanguage(row.workId, input.language, tx);
        if (other) throw fail('narrationLanguageTaken', { language: input.language });
      }
      return this.repository.update(id, { title, language: input.language, autoAdvance: input.autoAdvance }, tx);
    });
    return this.present(actor, saved);
  }

  async remove(actor: Actor, id: number): Promise<void> {
    const row = await this.owned(actor, id);
    await this.repository.delete(row.id);
    await this.storage.deleteFolder(`${NARRATIONS_FOLDER}/${row.id}`);
  }

  async saveText(actor: Actor, id: number, sceneId: string, text: string): Promise<NarrationDetail> {
    const row = await this.owned(actor, id);
    await this.assertSceneOfTour(actor, row, sceneId);
    const clean = cleanNarrationText(text);
    await this.sensitiveWords.assertClean('text', clean);
    await this.repository.db.transaction(async (tx) => {
      await this.repository.saveText(row.id, sceneId, clean, tx);
      await this.repository.touch(row.id, tx);
    });
    return this.present(actor, row);
  }

  /** A scene's clip: probed, stored under a key of its content, the one it replaces removed after the save. */
  async saveAudio(actor: Actor, id: number, sceneId: string, bytes: Buffer): Promise<NarrationDetail> {
    const row = await this.owned(actor, id);
    await this.assertSceneOfTour(actor, row, sceneId);
    const probed = await probeAudio(bytes);
    const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 24);
    const key = `${NARRATIONS_FOLDER}/${row.id}/${sceneId}-${hash}${probed.extension}`;
    await this.storage.put(key, bytes, probed.contentType);
    const previous = await this.repository.findScene(row.id, sceneId);
    await this.repository.db.transaction(async (tx) => {
      const audio = { audioKey: key, audioType: probed.contentType, audioBytes: bytes.length, audioDurationMs: probed.durationMs };
      await this.repository.saveAudio(row.id, sceneId, audio, tx);
      await this.repository.touch(row.id, tx);
    });
    if (previous?.audioKey && previous.audioKey !== key) await this.storage.delete(previous.audioKey);
    return this.present(actor, row);
  }

  async removeAudio(actor: Actor, id: number, sceneId: string): Promise<NarrationDetail> {
    const row = await this.owned(actor, id);
    await this.assertSceneOfTour(actor, row, sceneId);
    const previous = await this.repository.findScene(row.id, sceneId);
    if (previous?.audioKey) {
      await this.repository.db.transaction(async (tx) => {
        await this.repository.saveAudio(row.id, sceneId, { audioKey: null, audioType: null, audioBytes: null, audioDurationMs: null }, tx);
        await this.repository.touch(row.id, tx);
      });
      await this.storage.delete(previous.audioKey);
    }
    return this.present(actor, row);
  }

  async publish(actor: Actor, id: number): Promise<NarrationDetail> {
    const row = await this.owned(actor, id);
    if (row.state === 'published') throw fail('narrationAlreadyPublished');
    const { work, tour } = await this.tourOf(actor, row);
    const scenes = narratedScenes(tour, await this.repository.listScenes(row.id), (scene) => audioOf(scene, siteUrl(work.uid)));
    if (!scenes.some(({ narration }) => isNarrated(narration))) throw fail('narrationEmpty');
    return this.present(actor, await this.repository.update(row.id, { state: 'published', publishedAt: new Date() }));
  }

  async unpublish(actor: Actor, id: number): Promise<NarrationDetail> {
    const row = await this.owned(actor, id);
    if (row.state !== 'published') throw fail('narrationNotPublished');
    return this.present(actor, await this.repository.update(row.id, { state: 'draft', publishedAt: null }));
  }

  /**
   * The published guide of a work anyone who may view it hears: the one in `language` when there is one,
   * else the first published; null when none is (a tour without a guide).
   */
  async published(actor: Actor | undefined, uid: string, language: NarrationLanguage | undefined): Promise<PublicNarration | null> {
    const work = await this.works.findViewable(actor, uid);
    if (work.type !== 'panorama') return null;
    const guides = await this.repository.findPublished(work.id);
    const guide = guides.find((row) => row.language === language) ?? guides[0];
    if (!guide) return null;
    return this.publicGuide(guide, await this.tours.get(actor, uid), siteUrl(work.uid));
  }

  /**
   * The published guides of a work for its offline package: each guide with its clips named by `fileName`,
   * and the stored keys to copy there.
   */
  async forPackage(
    work: WorkRow,
    tour: TourScenes,
    fileName: (row: NarrationSceneRow) => string,
  ): Promise<{ guides: PublicNarration[]; files: { key: string; name: string }[] }> {
    const guides: PublicNarration[] = [];
    const files: { key: string; name: string }[] = [];
    for (const row of await this.repository.findPublished(work.id)) {
      const scenes = await this.repository.listScenes(row.id);
      for (const scene of scenes) if (scene.audioKey) files.push({ key: scene.audioKey, name: fileName(scene) });
      guides.push(await this.publicGuide(row, tour, (key) => fileName(scenes.find((scene) => scene.audioKey === key)!), scenes));
    }
    return { guides, files };
  }

  private async publicGuide(
    row: NarrationRow,
    tour: TourScenes,
    url: (key: string) => string,
    rows?: NarrationSceneRow[],
  ): Promise<PublicNarration> {
    const scenes = narratedScenes(tour, rows ?? (await this.repository.listScenes(row.id)), (scene) => audioOf(scene, url));
    return {
      id: row.id,
      title: row.title,
      language: row.language,
      autoAdvance: row.autoAdvance,
      scenes: scenes.map(({ narration }) => narration).filter(isNarrated),
    };
  }

  private async owned(actor: Actor, id: number): Promise<NarrationRow> {
    const row = await this.repository.find(id);
    if (!row || row.ownerId !== actor.id) throw fail('narrationNotFound');
    return row;
  }

  private async assertSceneOfTour(actor: Actor, row: NarrationRow, sceneId: string): Promise<void> {
    const { tour } = await this.tourOf(actor, row);
    if (!tour.scenes.some((scene) => scene.id === sceneId)) throw fail('narrationSceneNotInTour', { sceneId });
  }

  /** The guide's work and tour; a tour no longer processed (reset) has no scenes. */
  private async tourOf(actor: Actor, row: NarrationRow): Promise<{ work: WorkRow; tour: TourScenes }> {
    const work = await this.works.findById(row.workId);
    if (!work) throw fail('narrationNotFound');
    try {
      return { work, tour: await this.tours.get(actor, work.uid) };
    } catch {
      return { work, tour: { scenes: [] } };
    }
  }

  private summarise(row: NarrationRow, work: WorkRow, tour: TourScenes, rows: NarrationSceneRow[]): NarrationSummary {
    const scenes = narratedScenes(tour, rows, (scene) => audioOf(scene, siteUrl(work.uid)));
    return {
      id: row.id,
      title: row.title,
      language: row.language,
      state: row.state,
      autoAdvance: row.autoAdvance,
      tour: { uid: work.uid, name: work.name, coverUrl: fileUrl(work.coverKey) },
      narratedScenes: scenes.filter(({ narration }) => isNarrated(narration)).length,
      totalScenes: tour.scenes.length,
      updatedAt: row.updatedAt.getTime(),
      publishedAt: row.publishedAt?.getTime() ?? null,
    };
  }

  private async present(actor: Actor, row: NarrationRow): Promise<NarrationDetail> {
    const fresh = (await this.repository.find(row.id)) ?? row;
    const { work, tour } = await this.tourOf(actor, fresh);
    const rows = await this.repository.listScenes(fresh.id);
    const scenes = narratedScenes(tour, rows, (scene) => audioOf(scene, siteUrl(work.uid)));
    return {
      ...this.summarise(fresh, work, tour, rows),
      scenes: scenes.map(({ scene, narration }) => ({
        ...narration,
        name: scene.name,
        thumbnailUrl: `${scene.baseUrl}${PANORAMA_THUMB_PATH}`,
      })),
    };
  }
}
