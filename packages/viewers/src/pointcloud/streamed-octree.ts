import type { DecodedPointCloudNode, PointCloudManifest } from '@spatia/contract';
import * as THREE from 'three';
import { buildHierarchy, type OctreeNode } from './hierarchy';
import { selectNodes } from './lod';
import { NodeCache } from './node-cache';
import { NodeLoader } from './node-loader';
import type { PointMaterials } from './point-material';

/** Projected spacing (CSS pixels) above which a node's children are loaded. */
const MAX_PROJECTED_SPACING = 1.5;
/** Failed nodes besides the root that still leave a partial cloud worth showing. */
const TOLERATED_NODE_ERRORS = 8;

export interface StreamedOctreeOptions {
  /** `octree.bin`; must answer HTTP range requests. */
  url: string;
  manifest: PointCloudManifest;
  pointBudget: number;
  materials: PointMaterials;
  /** A node arrived: select again and draw. */
  onNodeLoaded: () => void;
  /** The root or too many nodes failed: nothing worth showing will come. */
  onFailed: () => void;
}

export interface OctreeSelection {
  visiblePoints: number;
  visibleNodes: number;
  loadedNodes: number;
}

interface LoadedNode {
  points: number;
  object: THREE.Points;
}

/**
 * The cloud's nodes in one group: which to draw for a camera (lod.ts), fetching the missing ones
 * (node-loader.ts) and keeping the loaded ones within twice the budget (node-cache.ts).
 */
export class StreamedOctree {
  readonly group = new THREE.Group();
  private readonly hierarchy: OctreeNode | null;
  private readonly cache: NodeCache<LoadedNode>;
  private readonly loader: NodeLoader;
  private visibleNames = new Set<string>();
  private loadErrors = 0;
  private readonly frustum = new THREE.Frustum();
  private readonly frustumBox = new THREE.Box3();
  private readonly projectionView = new THREE.Matrix4();

  constructor(private readonly options: StreamedOctreeOptions) {
    const { manifest } = options;
    this.hierarchy = buildHierarchy(manifest);
    this.cache = new NodeCache<LoadedNode>(Math.max(options.pointBudget * 2, 200_000), (_name, entry) => {
      this.group.remove(entry.object);
      entry.object.geometry.dispose();
    });
    this.loader = new NodeLoader(
      options.url,
      manifest.attributes,
      (node, decoded) => {
        this.cache.set(node.name, { points: node.points, object: this.createNodeObject(node, decoded) }, this.visibleNames);
        this.group.add(this.cache.peek(node.name)!.object);
        options.onNodeLoaded();
      },
      (node, error) => {
        this.loadErrors++;
        console.warn(`point cloud node ${node.name} failed`, error);
        // Without the root nothing shows: that is a failed load, not a partial one.
        if (node.name === 'r' || this.loadErrors > TOLERATED_NODE_ERRORS) options.onFailed();
      },
    );
  }

  /** False when the manifest holds no root node: nothing can show. */
  get readable(): boolean {
    return this.hierarchy !== null;
  }

  /**
   * Something is shown and nothing the last selection asked for is still loading (nodes that failed are
   * given up, so a partial cloud completes too).
   */
  get complete(): boolean {
    return this.visibleNames.size > 0 && this.loader.pending === 0;
  }

  /** Shows the nodes `camera` needs (drawn `cssHeight` pixels high) and asks for the missing ones. */
  select(camera: THREE.PerspectiveCamera, cssHeight: number): OctreeSelection | null {
    if (!this.hierarchy) return null;
    camera.updateMatrixWorld();
    this.projectionView.multiplyMatrices(camera.projectionMatrix, camera.matrixWorldInverse);
    this.frustum.setFromProjectionMatrix(this.projectionView);
    const { frustum, frustumBox, cache } = this;
    const selection = selectNodes(
      this.hierarchy,
      {
        position: camera.position.toArray(),
        pixelsPerRadian: cssHeight / (2 * Math.tan(THREE.MathUtils.degToRad(camera.fov) / 2)),
        inFrustum: (min, max) => frustum.intersectsBox(frustumBox.set(frustumBox.min.set(...min), frustumBox.max.set(...max))),
      },
      {
        spacing: this.options.manifest.spacing,
        pointBudget: this.options.pointBudget,
        maxProjectedSpacing: MAX_PROJECTED_SPACING,
        isLoaded: (name) => cache.has(name),
      },
    );
    const next = new Set(selection.visible.map((node) => node.name));
    for (const name of this.visibleNames) if (!next.has(name)) cache.peek(name)!.object.visible = false;
    for (const node of selection.visible) cache.touch(node.name)!.object.visible = true;
    this.visibleNames = next;
    cache.evict(next);
    this.loader.want(selection.missing);
    return { visiblePoints: selection.visiblePoints, visibleNodes: next.size, loadedNodes: cache.size };
  }

  /** The positions (cube-local) of every drawn node, for picking. */
  visiblePositions(): Float32Array[] {
    return [...this.visibleNames].flatMap((name) => {
      const object = this.cache.peek(name)?.object;
      return object ? [object.geometry.getAttribute('position').array as Float32Array] : [];
    });
  }

  dispose(): void {
    this.loader.dispose();
    this.cache.clear();
  }

  private createNodeObject(node: OctreeNode, decoded: DecodedPointCloudNode): THREE.Points {
    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute('position', new THREE.BufferAttribute(decoded.positions, 3));
    if (decoded.colors) geometry.setAttribute('rgba', new THREE.BufferAttribute(decoded.colors, 4, true));
    if (decoded.intensities) geometry.setAttribute('intensity', new THREE.BufferAttribute(decoded.intensities, 1, false));
    geometry.boundingBox = new THREE.Box3(new THREE.Vector3(...node.min), new THREE.Vector3(...node.max));
    geometry.boundingSphere = geometry.boundingBox.getBoundingSphere(new THREE.Sphere());
    const object = new THREE.Points(geometry, this.options.materials.forLevel(node.level));
    object.name = node.name;
    object.visible = false;
    object.matrixAutoUpdate = false;
    return object;
  }
}
