/**
 * Processing ("the solver") and panorama tours: what the server derives from a work's uploads, and the
 * tour a viewer shows. Design: docs/processing.md; models and point clouds: spatial.ts.
 */
import { defineErrors } from './errors.js';
import processingErrors from './processing.errors.json' with { type: 'json' };
import tourErrors from './tours.errors.json' with { type: 'json' };

/** Where a work's processing stands. `idle`: never run, or reset. */
export const PROCESSING_STATES = ['idle', 'queued', 'running', 'done', 'failed'] as const;
export type ProcessingState = (typeof PROCESSING_STATES)[number];

/**
 * The stages of one run, in order. A restart resumes at the first stage (and, inside `tiles`, the
 * first scene) not yet recorded as done. Panoramas are cut into `tiles`; models and point clouds are
 * converted (`convert`) instead.
 */
export const PROCESSING_STAGES = ['prepare', 'tiles', 'convert', 'cover', 'publish'] as const;
export type ProcessingStage = (typeof PROCESSING_STAGES)[number];

/** Why a run failed, as a person can act on it. The message is localized by the server. */
export const PROCESSING_FAILURES = [
  /** No origin file to process. */
  'noOrigin',
  /** An origin file is not a 2:1 equirectangular JPEG, PNG or WebP. */
  'notEquirectangular',
  /** Wider than 16384 or taller than 8192. */
  'panoramaTooLarge',
  /** The file could not be decoded (damaged or truncated). */
  'unreadableImage',
  /** A zip of panoramas held none. */
  'emptyArchive',
  /** This type of work is not processed by the panorama solver. No longer produced (every type is processed); kept for runs that failed with it before. */
  'unsupportedType',
  /** A model or point-cloud file of a format the solver does not read (or whose bytes are not what its name says). */
  'unsupportedFormat',
  /** A model or point-cloud file that cannot be parsed: truncated, inconsistent, or lying about its size. */
  'damagedFile',
  /** A zip with paths leaving its folder, links, or far more data inside than a model can hold. */
  'unsafeArchive',
  /** A model without triangles or a point cloud without points. */
  'nothingToShow',
  /**
   * The run's attempts kept ending with the processing process dying (a crash in media code, memory
   * exhausted, the server killed mid-run), so it was not retried again. `fileName` names the file being
   * processed at the last crash, when known.
   */
  'crashed',
  /** Anything else; the log has the detail. */
  'internal',
] as const;
export type ProcessingFailure = (typeof PROCESSING_FAILURES)[number];

export interface WorkProcessing {
  state: ProcessingState;
  /** The stage running now, or the one that failed; null when idle or done. */
  stage: ProcessingStage | null;
  /** 0 to 1 across the whole run. */
  progress: number;
  failure: { reason: ProcessingFailure; message: string; fileName: string | null } | null;
  /** Runs started, retries included. */
  attempts: number;
  startedAt: number | null;
  finishedAt: number | null;
  /** Scenes the last successful run produced. */
  sceneCount: number;
  /** A point cloud's conversion: points read so far out of all; null otherwise. */
  points: { done: number; total: number } | null;
  /** Whether the work has an original file to process: without one a run is refused (1910). */
  hasOrigin: boolean;
}

/** A work never processed, or reset. */
export const IDLE_PROCESSING: WorkProcessing = Object.freeze({
  state: 'idle',
  stage: null,
  progress: 0,
  failure: null,
  attempts: 0,
  startedAt: null,
  finishedAt: null,
  sceneCount: 0,
  points: null,
  hasOrigin: false,
});

/** The six faces of a cube, in the order Photo Sphere Viewer's cubemap adapters read arrays. */
export const CUBE_FACES = ['left', 'front', 'right', 'back', 'top', 'bottom'] as const;
export type CubeFace = (typeof CUBE_FACES)[number];

/** Side of a tile in pixels, on every level. */
export const PANORAMA_TILE_SIZE = 512;
/** Side of each face of the low-resolution base shown before any tile arrives. */
export const PANORAMA_BASE_FACE_SIZE = 512;
/** Largest source the solver accepts. */
export const PANORAMA_MAX_WIDTH = 16384;
export const PANORAMA_MAX_HEIGHT = 8192;

/** One level of a scene's tile pyramid: faces `faceSize` pixels wide, cut into `nbTiles`² tiles. */
export interface PanoramaLevel {
  faceSize: number;
  nbTiles: number;
}

/**
 * What processing one panorama produced. Paths are relative to the scene's folder (see
 * `TourScene.baseUrl`), so the same manifest serves the site and the offline package.
 * - base faces: `base/{face}.jpg` (PANORAMA_BASE_FACE_SIZE)
 * - tiles: `tiles/{level}/{face}/{col}_{row}.jpg`, level 0 the smallest
 * - `preview.jpg`: the whole panorama, equirectangular, 2048×1024 (editor, gallery, share image)
 * - `thumb.jpg`: 480×240 crop of the preview's middle band
 */
export interface PanoramaManifest {
  sourceWidth: number;
  sourceHeight: number;
  tileSize: number;
  /** Smallest first. Viewers on devices with little GPU memory stop below the last. */
  levels: PanoramaLevel[];
}

export function panoramaTilePath(level: number, face: CubeFace, col: number, row: number): string {
  return `tiles/${level}/${face}/${col}_${row}.jpg`;
}

export function panoramaBasePath(face: CubeFace): string {
  return `base/${face}.jpg`;
}

export const PANORAMA_PREVIEW_PATH = 'preview.jpg';
export const PANORAMA_THUMB_PATH = 'thumb.jpg';

/** A direction in the panorama, in degrees: yaw 0 is the middle of the source image, positive right; pitch positive up. */
export interface ViewDirection {
  yaw: number;
  pitch: number;
}

/**
 * The base face a scene's opening view looks into (the nearest face centre): what the public page shows
 * before the viewer's first frame (docs/web.md, "The shared work page"). The viewer reads the same file
 * first, so showing it costs no extra bytes.
 */
export function firstViewFace(view: ViewDirection): CubeFace {
  if (view.pitch > 45) return 'top';
  if (view.pitch < -45) return 'bottom';
  const yaw = (((view.yaw % 360) + 540) % 360) - 180; // -180 ≤ yaw < 180
  if (yaw >= -45 && yaw < 45) return 'front';
  if (yaw >= 45 && yaw < 135) return 'right';
  if (yaw >= -135 && yaw < -45) return 'left';
  return 'back';
}

export const HOTSPOT_KINDS = ['link', 'info'] as const;
export type HotspotKind = (typeof HOTSPOT_KINDS)[number];

interface HotspotBase extends ViewDirection {
  /** Unique inside the tour. */
  id: string;
}

/** Goes to another scene; the arrow points along `arrowYaw` (degrees, on the floor plane). */
export interface LinkHotspot extends HotspotBase {
  kind: 'link';
  targetSceneId: string;
  arrowYaw: number;
  /** Shown on hover; empty means the target scene's name. */
  label: string;
}

/** A note in the scene: a title, text, and optionally a picture and a web link. */
export interface InfoHotspot extends HotspotBase {
  kind: 'info';
  title: string;
  text: string;
  imageUrl: string;
  linkUrl: string;
}

export type Hotspot = LinkHotspot | InfoHotspot;

/** One scene of a tour, editable in the console. */
export interface TourSceneSettings {
  /** Stable: the origin asset the scene came from (`a{assetId}`, with `-{n}` for the n-th image of a zip). */
  id: string;
  name: string;
  initialView: ViewDirection;
  /** Initial horizontal field of view, degrees (30 to 90). */
  fov: number;
  hotspots: Hotspot[];
}

export interface TourSettings {
  /** Scene ids in the order of the gallery strip; the first opens first. */
  sceneOrder: string[];
  /** Seconds of no interaction before the view turns by itself; 0 turns autorotate off. */
  autorotateDelay: number;
  /** Whether the scene gallery strip shows. */
  gallery: boolean;
  /** The work's `music` asset that plays in the background, or null for silence. */
  musicAssetId: number | null;
}

/** A scene as viewers read it: the editable settings plus where its files are. */
export interface TourScene extends TourSceneSettings {
  /** Folder of the scene's files, ending in `/`; relative in an offline package, absolute on the site. */
  baseUrl: string;
  panorama: PanoramaManifest;
}

export interface Tour {
  workUid: string;
  name: string;
  scenes: TourScene[];
  autorotateDelay: number;
  gallery: boolean;
  /** URL of the background music, or null. */
  musicUrl: string | null;
  /** The `music` asset behind `musicUrl`, or null (also when the chosen file was deleted since). */
  musicAssetId: number | null;
  /** Increments on every saved edit; a save carrying an older one is refused (1902). */
  revision: number;
}

/** What the console sends to save a tour: every scene's settings, in gallery order. */
export interface TourUpdate {
  revision: number;
  scenes: TourSceneSettings[];
  autorotateDelay: number;
  gallery: boolean;
  musicAssetId: number | null;
}

export const TOUR_LIMITS = {
  sceneName: 40,
  hotspotsPerScene: 64,
  hotspotTitle: 40,
  hotspotText: 500,
  url: 1000,
  fovMin: 30,
  fovMax: 90,
  autorotateDelayMax: 600,
} as const;

/** A work's traffic on one business day (the server's time zone, Beijing by default), as billing and statistics read it. */
export interface WorkTrafficDay {
  day: string;
  requests: number;
  bytes: number;
}

/** Processing a work (the processing module): 1901, 1903, 1910. */
export const ProcessingErrors = defineErrors(processingErrors);

/** Panorama tours (the tours module): 1902, 1904, 1905. */
export const TourErrors = defineErrors(tourErrors);
