import { NARRATION_AUDIO_TYPES, NARRATION_LANGUAGES, NARRATION_LIMITS, NARRATION_STATES } from '@spatia/contract';
import { Type } from 'typebox';
import { literals } from '../../lib/schemas.js';

/** Request and response shapes of narrated guides (docs/narrations.md). */
export const tags = ['narrations'];

const Language = literals(NARRATION_LANGUAGES);
const Title = Type.String({ minLength: 1, maxLength: NARRATION_LIMITS.title });

export const NarrationIdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export const NarrationSceneParams = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  sceneId: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
});

export const NarrationCreateBody = Type.Object({
  workUid: Type.String({ minLength: 1, maxLength: 64 }),
  title: Title,
  language: Language,
});

export const NarrationUpdateBody = Type.Object({ title: Title, language: Language, autoAdvance: Type.Boolean() });

export const NarrationTextBody = Type.Object({ text: Type.String({ maxLength: NARRATION_LIMITS.text }) });

export const PublicNarrationQuery = Type.Object({ language: Type.Optional(Language) });

const AudioSchema = Type.Object({
  url: Type.String(),
  contentType: literals(NARRATION_AUDIO_TYPES),
  durationMs: Type.Integer(),
  bytes: Type.Integer(),
});

const SceneSchema = Type.Object({ sceneId: Type.String(), text: Type.String(), audio: Type.Union([AudioSchema, Type.Null()]) });

export const PublicNarrationSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  language: Language,
  autoAdvance: Type.Boolean(),
  scenes: Type.Array(SceneSchema),
});

const summaryFields = {
  id: Type.Integer(),
  title: Type.String(),
  language: Language,
  state: literals(NARRATION_STATES),
  autoAdvance: Type.Boolean(),
  tour: Type.Object({ uid: Type.String(), name: Type.String(), coverUrl: Type.String() }),
  narratedScenes: Type.Integer(),
  totalScenes: Type.Integer(),
  updatedAt: Type.Integer({ description: 'epoch ms' }),
  publishedAt: Type.Union([Type.Integer(), Type.Null()]),
};

export const NarrationSummarySchema = Type.Object(summaryFields);

export const NarrationDetailSchema = Type.Object({
  ...summaryFields,
  scenes: Type.Array(Type.Intersect([SceneSchema, Type.Object({ name: Type.String(), thumbnailUrl: Type.String() })])),
});
