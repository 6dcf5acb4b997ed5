import { and, count, desc, eq } from 'drizzle-orm';
import type { NarrationLanguage } from '@spatia/contract';
import type { Db, Executor } from '../../db/database.js';
import { narrations, narrationScenes } from './narrations.tables.js';

export type NarrationRow = typeof narrations.$inferSelect;
export type NarrationSceneRow = typeof narrationScenes.$inferSelect;
export type SceneAudio = Pick<NarrationSceneRow, 'audioKey' | 'audioType' | 'audioBytes' | 'audioDurationMs'>;

/** The only place that reads and writes `narrations` and `narration_scenes`. */
export class NarrationsRepository {
  constructor(readonly db: Db) {}

  async find(id: number, executor: Executor = this.db): Promise<NarrationRow | undefined> {
    const [row] = await executor.select().from(narrations).where(eq(narrations.id, id));
    return row;
  }

  listByOwner(ownerId: number): Promise<NarrationRow[]> {
    return this.db
      .select()
      .from(narrations)
      .where(eq(narrations.ownerId, ownerId))
      .orderBy(desc(narrations.updatedAt), desc(narrations.id));
  }

  async countByOwner(ownerId: number, executor: Executor = this.db): Promise<number> {
    const [row] = await executor.select({ n: count() }).from(narrations).where(eq(narrations.ownerId, ownerId));
    return row?.n ?? 0;
  }

  async findPublished(workId: number): Promise<NarrationRow[]> {
    return this.db
      .select()
      .from(narrations)
      .where(and(eq(narrations.workId, workId), eq(narrations.state, 'published')))
      .orderBy(narrations.id);
  }

  async findByWorkAndLanguage(
    workId: number,
    language: NarrationLanguage,
    executor: Executor = this.db,
  ): Promise<NarrationRow | undefined> {
    const [row] = await executor
      .select()
      .from(narrations)
      .where(and(eq(narrations.workId, workId), eq(narrations.language, language)));
    return row;
  }

  async insert(values: typeof narrations.$inferInsert, executor: Executor = this.db): Promise<NarrationRow> {
    const [row] = await executor.insert(narrations).values(values).returning();
    return row!;
  }

  async update(
    id: number,
    changes: Partial<Pick<NarrationRow, 'title' | 'language' | 'autoAdvance' | 'state' | 'publishedAt'>>,
    executor: Executor = this.db,
  ): Promise<NarrationRow> {
    const [row] = await executor
      .update(narrations)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(narrations.id, id))
      .returning();
    return row!;
  }

  /** Moves the guide's last change to now (a scene was edited). */
  async touch(id: number, executor: Executor = this.db): Promise<void> {
    await executor.update(narrations).set({ updatedAt: new Date() }).where(eq(narrations.id, id));
  }

  async delete(id: number, executor: Executor = this.db): Promise<void> {
    await executor.delete(narrations).where(eq(narrations.id, id));
  }

  listScenes(narrationId: number, executor: Executor = this.db): Promise<NarrationSceneRow[]> {
    return executor.select().from(narrationScenes).where(eq(narrationScenes.narrationId, narrationId));
  }

  async findScene(narrationId: number, sceneId: string, executor: Executor = this.db): Promise<NarrationSceneRow | undefined> {
    const [row] = await executor
      .select()
      .from(narrationScenes)
      .where(and(eq(narrationScenes.narrationId, narrationId), eq(narrationScenes.sceneId, sceneId)));
    return row;
  }

  async saveText(narrationId: number, sceneId: string, text: string, executor: Executor = this.db): Promise<void> {
    await executor
      .insert(narrationScenes)
      .values({ narrationId, sceneId, text })
      .onConflictDoUpdate({ target: [narrationScenes.narrationId, narrationScenes.sceneId], set: { text, updatedAt: new Date() } });
  }

  /** Sets (or with nulls clears) a scene's clip. */
  async saveAudio(narrationId: number, sceneId: string, audio: SceneAudio, executor: Executor = this.db): Promise<void> {
    await executor
      .insert(narrationScenes)
      .values({ narrationId, sceneId, ...audio })
      .onConflictDoUpdate({ target: [narrationScenes.narrationId, narrationScenes.sceneId], set: { ...audio, updatedAt: new Date() } });
  }
}
