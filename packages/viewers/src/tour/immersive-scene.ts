import { CUBE_FACES, panoramaBasePath, panoramaTilePath, type CubeFace, type Hotspot, type TourScene } from '@spatia/contract';
import {
  BoxGeometry,
  CanvasTexture,
  Group,
  LinearFilter,
  Mesh,
  MeshBasicMaterial,
  PlaneGeometry,
  Scene,
  Vector3,
  type Raycaster,
} from 'three';
import { arrowTurn, infoLabel, linkLabel, type HotspotContext } from './hotspots';
import type { SelectedLevel } from './levels';
import { loadCorsImage, type SceneImageLoader } from './scene-images';
import { sceneFileUrl } from './urls';
import { toPosition } from './view';

/**
 * The panorama as a headset sees it: the same cube Photo Sphere Viewer's CubemapAdapter builds
 * (a box turned inside out by mirroring z, faces in the order left, right, top, bottom, back,
 * front), textured from the scene's base faces and then from the tiles of one level drawn into a
 * canvas per face. Hotspots are flat icons on a smaller sphere inside it. No XR here: the session
 * code (immersive.ts) and a plain camera (the dev preview) both render this scene.
 */

/** The faces in the order of BoxGeometry's groups (+x, -x, +y, -y, +z, -z) once z is mirrored. */
const BOX_FACE_ORDER: readonly CubeFace[] = ['left', 'right', 'top', 'bottom', 'back', 'front'];
const CUBE_SIZE = 20;
const CUBE_SEGMENTS = 8;
const HOTSPOT_DISTANCE = 7;
const HOTSPOT_SIZE = 1.1;
/** Largest face drawn for a headset: six 2048² canvases are about 100 MB of texture. */
export const IMMERSIVE_MAX_FACE_SIZE = 2048;
/** A face canvas re-uploads at most this often while tiles arrive. */
const UPLOAD_INTERVAL_MS = 250;

/** PSV's direction for a yaw and pitch (radians): yaw 0 looks along +z, positive yaw turns right. */
export function directionVector(yaw: number, pitch: number, distance = 1): Vector3 {
  return new Vector3(-Math.cos(pitch) * Math.sin(yaw) * distance, Math.sin(pitch) * distance, Math.cos(pitch) * Math.cos(yaw) * distance);
}

/**
 * The turn of the world about the vertical axis that puts the panorama's `yaw` (radians) in front
 * of a camera looking along `forward` (for a fresh XR session, -z).
 */
export function worldTurnFor(yaw: number, forward: { x: number; z: number }): number {
  return yaw + Math.atan2(forward.x, forward.z);
}

/** The level a headset draws: the largest kept one up to IMMERSIVE_MAX_FACE_SIZE. */
export function immersiveLevel(levels: readonly SelectedLevel[]): SelectedLevel | null {
  return levels.filter((level) => level.faceSize <= IMMERSIVE_MAX_FACE_SIZE).at(-1) ?? null;
}

interface FaceCanvas {
  canvas: HTMLCanvasElement;
  context: CanvasRenderingContext2D;
  texture: CanvasTexture;
  dirty: boolean;
}

export interface HotspotObject {
  hotspot: Hotspot;
  mesh: Mesh;
}

export class ImmersiveScene {
  readonly scene = new Scene();
  /** Turned about y so that the right part of the panorama is in front of the viewer. */
  readonly world = new Group();
  private readonly cube: Mesh<BoxGeometry, MeshBasicMaterial[]>;
  private readonly hotspotLayer = new Group();
  private faces = new Map<CubeFace, FaceCanvas>();
  private hotspotObjects: HotspotObject[] = [];
  private generation = 0;
  private lastUpload = 0;

  constructor(private readonly loadImage: SceneImageLoader = loadCorsImage) {
    // Segmented like PSV's tiles mesh: two huge triangles per face, with corners exactly beside the
    // camera (view depth 0), interpolate badly on some GPUs (SwiftShader shows garbage looking at a corner).
    const geometry = new BoxGeometry(CUBE_SIZE, CUBE_SIZE, CUBE_SIZE, CUBE_SEGMENTS, CUBE_SEGMENTS, CUBE_SEGMENTS).scale(1, 1, -1);
    const materials = BOX_FACE_ORDER.map(() => new MeshBasicMaterial({ color: 0x000000, depthTest: false, depthWrite: false }));
    this.cube = new Mesh(geometry, materials);
    this.cube.renderOrder = 0;
    this.world.add(this.cube, this.hotspotLayer);
    this.scene.add(this.world);
  }

  get hotspots(): readonly HotspotObject[] {
    return this.hotspotObjects;
  }

  /** Shows a scene: base faces at once, then the tiles of `level` (null: base faces only). */
  showScene(scene: TourScene, level: SelectedLevel | null, context: HotspotContext): void {
    const generation = ++this.generation;
    this.disposeFaces();
    const faceSize = level?.faceSize ?? 512;
    for (const face of CUBE_FACES) {
      const { canvas, draw: context2d } = createCanvas(faceSize, faceSize);
      const texture = new CanvasTexture(canvas);
      texture.minFilter = LinearFilter;
      texture.generateMipmaps = false;
      this.faces.set(face, { canvas, context: context2d, texture, dirty: false });
      const material = this.cube.material[BOX_FACE_ORDER.indexOf(face)]!;
      material.map = texture;
      material.color.set(0xffffff);
      material.needsUpdate = true;
    }
    void this.loadFaces(scene, level, generation);
    this.setHotspots(scene.hotspots, context);
  }

  setHotspots(hotspots: readonly Hotspot[], context: HotspotContext): void {
    this.disposeHotspots();
    this.hotspotObjects = hotspots.map((hotspot) => {
      const texture = new CanvasTexture(drawHotspotIcon(hotspot, context));
      const material = new MeshBasicMaterial({ map: texture, transparent: true, depthTest: false, depthWrite: false });
      const mesh = new Mesh(new PlaneGeometry(HOTSPOT_SIZE, HOTSPOT_SIZE), material);
      const { yaw, pitch } = toPosition(hotspot);
      mesh.position.copy(directionVector(yaw, pitch, HOTSPOT_DISTANCE));
      mesh.lookAt(0, 0, 0);
      mesh.renderOrder = 2;
      mesh.userData['hotspotId'] = hotspot.id;
      this.hotspotLayer.add(mesh);
      return { hotspot, mesh };
    });
  }

  /** The hotspot a ray meets, if any. */
  pick(raycaster: Raycaster): HotspotObject | null {
    const hits = raycaster.intersectObjects(
      this.hotspotObjects.map((object) => object.mesh),
      false,
    );
    const mesh = hits[0]?.object;
    return this.hotspotObjects.find((object) => object.mesh === mesh) ?? null;
  }

  /** Uploads face canvases that changed, at most every UPLOAD_INTERVAL_MS; call once per frame. */
  update(now: number): void {
    if (now - this.lastUpload < UPLOAD_INTERVAL_MS) return;
    this.lastUpload = now;
    for (const face of this.faces.values()) {
      if (face.dirty) {
        face.texture.needsUpdate = true;
        face.dirty = false;
      }
    }
  }

  dispose(): void {
    this.generation++;
    this.disposeFaces();
    this.disposeHotspots();
    this.cube.geometry.dispose();
    this.cube.material.forEach((material) => material.dispose());
  }

  private async loadFaces(scene: TourScene, level: SelectedLevel | null, generation: number): Promise<void> {
    const draw = (face: CubeFace, image: HTMLImageElement, x: number, y: number, size: number) => {
      if (generation !== this.generation) return;
      const target = this.faces.get(face);
      if (!target) return;
      target.context.drawImage(image, x, y, size, size);
      target.dirty = true;
    };
    const faceSize = level?.faceSize ?? 512;
    await Promise.all(
      CUBE_FACES.map((face) =>
        this.loadImage(sceneFileUrl(scene, panoramaBasePath(face))).then(
          (image) => draw(face, image, 0, 0, faceSize),
          () => undefined,
        ),
      ),
    );
    // Tiles go on top of the base, the ones in front of the viewer first would be nicer; a level of
    // at most 4×4 tiles per face loads in a few seconds, so plain order it is.
    if (!level || generation !== this.generation) return;
    const tileSize = level.faceSize / level.nbTiles;
    for (const face of CUBE_FACES) {
      const jobs: Promise<void>[] = [];
      for (let row = 0; row < level.nbTiles; row++) {
        for (let col = 0; col < level.nbTiles; col++) {
          jobs.push(
            this.loadImage(sceneFileUrl(scene, panoramaTilePath(level.manifestIndex, face, col, row))).then(
              (image) => draw(face, image, col * tileSize, row * tileSize, tileSize),
              () => undefined,
            ),
          );
        }
      }
      await Promise.all(jobs);
      if (generation !== this.generation) return;
    }
  }

  private disposeFaces(): void {
    for (const face of this.faces.values()) face.texture.dispose();
    this.faces.clear();
  }

  private disposeHotspots(): void {
    for (const { mesh } of this.hotspotObjects) {
      this.hotspotLayer.remove(mesh);
      mesh.geometry.dispose();
      const material = mesh.material as MeshBasicMaterial;
      material.map?.dispose();
      material.dispose();
    }
    this.hotspotObjects = [];
  }
}

function createCanvas(width: number, height: number): { canvas: HTMLCanvasElement; draw: CanvasRenderingContext2D } {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return { canvas, draw: canvas.getContext('2d')! };
}

/** A round icon: an arrow turned like the floor arrow of the 2D viewer, or an "i". */
function drawHotspotIcon(hotspot: Hotspot, context: HotspotContext): HTMLCanvasElement {
  const size = 256;
  const { canvas, draw } = createCanvas(size, size);
  draw.fillStyle = 'rgba(15, 23, 42, 0.55)';
  draw.strokeStyle = 'rgba(255, 255, 255, 0.95)';
  draw.lineWidth = 10;
  draw.beginPath();
  draw.arc(size / 2, size / 2, size / 2 - 8, 0, Math.PI * 2);
  draw.fill();
  draw.stroke();
  draw.fillStyle = '#fff';
  draw.translate(size / 2, size / 2);
  if (hotspot.kind === 'link') {
    draw.rotate((arrowTurn(hotspot) * Math.PI) / 180);
    // The 2D viewer's arrow: a head and a shaft, pointing up before the turn.
    draw.beginPath();
    draw.moveTo(0, -88);
    draw.lineTo(76, -4);
    draw.lineTo(28, -4);
    draw.lineTo(28, 80);
    draw.lineTo(-28, 80);
    draw.lineTo(-28, -4);
    draw.lineTo(-76, -4);
    draw.closePath();
    draw.fill();
  } else {
    draw.beginPath();
    draw.arc(0, -52, 16, 0, Math.PI * 2);
    draw.fill();
    draw.fillRect(-14, -18, 28, 88);
  }
  canvas.dataset['label'] = hotspot.kind === 'link' ? linkLabel(hotspot, context) : infoLabel(hotspot, context);
  return canvas;
}

/** A panel of text for an info hotspot in the headset: title, text and a closing hint. */
export function drawInfoPanel(title: string, text: string, hint: string): HTMLCanvasElement {
  const width = 1024;
  const height = 640;
  const { canvas, draw } = createCanvas(width, height);
  draw.fillStyle = 'rgba(15, 23, 42, 0.92)';
  draw.beginPath();
  draw.roundRect(0, 0, width, height, 32);
  draw.fill();
  draw.fillStyle = '#fff';
  draw.font = '600 52px system-ui, "Noto Sans CJK SC", "PingFang SC", sans-serif';
  draw.textBaseline = 'top';
  let y = 48;
  for (const line of wrapText(draw, title, width - 96).slice(0, 2)) {
    draw.fillText(line, 48, y);
    y += 64;
  }
  y += 16;
  draw.font = '36px system-ui, "Noto Sans CJK SC", "PingFang SC", sans-serif';
  draw.fillStyle = 'rgba(255, 255, 255, 0.86)';
  const lines = text.split('\n').flatMap((paragraph) => wrapText(draw, paragraph, width - 96));
  const room = Math.floor((height - y - 96) / 48);
  for (const line of lines.slice(0, room)) {
    draw.fillText(line, 48, y);
    y += 48;
  }
  draw.font = '30px system-ui, "Noto Sans CJK SC", "PingFang SC", sans-serif';
  draw.fillStyle = 'rgba(255, 255, 255, 0.6)';
  draw.fillText(hint, 48, height - 72);
  return canvas;
}

/** Breaks text to fit `maxWidth`: at spaces for Latin text, anywhere for Chinese. */
function wrapText(draw: CanvasRenderingContext2D, text: string, maxWidth: number): string[] {
  const tokens = text.match(/[\u2e80-\u9fff\uff00-\uffef]|[^\s\u2e80-\u9fff\uff00-\uffef]+|\s+/g) ?? [];
  const lines: string[] = [];
  let line = '';
  for (const token of tokens) {
    const candidate = line + token;
    if (line && draw.measureText(candidate).width > maxWidth) {
      lines.push(line.trimEnd());
      line = token.trimStart();
    } else {
      line = candidate;
    }
  }
  if (line.trim()) lines.push(line.trimEnd());
  return lines;
}
