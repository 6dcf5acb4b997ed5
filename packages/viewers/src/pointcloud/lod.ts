import type { Vec3 } from '@spatia/contract';
import type { OctreeNode } from './hierarchy';

/**
 * Which nodes to draw (docs/viewers-3d.md "Level of detail"). From the root, nodes are visited by
 * priority, the largest on screen first. A visited node inside the frustum is taken while the point
 * budget allows; its children are visited when its projected spacing (spacing / 2^level seen from its
 * distance, in pixels) is still above the threshold, i.e. when its points are further apart on screen
 * than we want. A node not loaded yet is asked for but not refined: its children wait for it.
 */
export interface LodView {
  /** Camera position, cube-local. */
  position: Vec3;
  /** Pixels per unit of size at distance 1: viewport height / (2·tan(fovY/2)). */
  pixelsPerRadian: number;
  /** Whether a cube-local box is at least partly inside the view frustum. */
  inFrustum(min: Vec3, max: Vec3): boolean;
}

export interface LodOptions {
  /** The root's point spacing. */
  spacing: number;
  pointBudget: number;
  /** Projected spacing in pixels above which a node is refined. */
  maxProjectedSpacing: number;
  isLoaded(name: string): boolean;
}

export interface LodSelection {
  /** Loaded nodes to draw, by priority. */
  visible: OctreeNode[];
  /** Nodes wanted and not loaded, by priority: the loader fetches from the front. */
  missing: OctreeNode[];
  /** Points of `visible`. */
  visiblePoints: number;
}

interface Candidate {
  node: OctreeNode;
  priority: number;
  distance: number;
}

/** Distance from the camera to a node's centre, never below a fraction of its radius (the camera may be inside). */
function nodeDistance(node: OctreeNode, position: Vec3): { distance: number; radius: number } {
  const half = (node.max[0] - node.min[0]) / 2;
  const radius = half * Math.sqrt(3);
  const dx = node.min[0] + half - position[0];
  const dy = node.min[1] + half - position[1];
  const dz = node.min[2] + half - position[2];
  return { distance: Math.max(Math.hypot(dx, dy, dz), radius * 0.1, 1e-9), radius };
}

/** Projected spacing of a node's points in pixels. */
export function projectedSpacing(rootSpacing: number, level: number, distance: number, pixelsPerRadian: number): number {
  return (rootSpacing / 2 ** level / distance) * pixelsPerRadian;
}

export function selectNodes(root: OctreeNode, view: LodView, options: LodOptions): LodSelection {
  const visible: OctreeNode[] = [];
  const missing: OctreeNode[] = [];
  let budgetUsed = 0;
  let visiblePoints = 0;
  const queue = new MaxHeap<Candidate>((a, b) => a.priority - b.priority);
  const push = (node: OctreeNode) => {
    const { distance, radius } = nodeDistance(node, view.position);
    // Larger on screen first; a node the camera is inside gets the highest priority.
    queue.push({ node, distance, priority: (radius / distance) * view.pixelsPerRadian });
  };
  push(root);
  for (let candidate = queue.pop(); candidate; candidate = queue.pop()) {
    const { node, distance } = candidate;
    if (!view.inFrustum(node.min, node.max)) continue;
    if (budgetUsed + node.points > options.pointBudget) break;
    budgetUsed += node.points;
    if (!options.isLoaded(node.name)) {
      missing.push(node);
      continue;
    }
    visible.push(node);
    visiblePoints += node.points;
    if (projectedSpacing(options.spacing, node.level, distance, view.pixelsPerRadian) > options.maxProjectedSpacing) {
      for (const child of node.children) push(child);
    }
  }
  return { visible, missing, visiblePoints };
}

/** A binary heap: the candidate list can reach thousands of nodes in a large cloud. */
export class MaxHeap<T> {
  private readonly items: T[] = [];
  constructor(private readonly compare: (a: T, b: T) => number) {}

  get size(): number {
    return this.items.length;
  }

  push(item: T): void {
    const items = this.items;
    items.push(item);
    let index = items.length - 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (this.compare(items[index]!, items[parent]!) <= 0) break;
      [items[index], items[parent]] = [items[parent]!, items[index]!];
      index = parent;
    }
  }

  pop(): T | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length > 0 && last !== undefined) {
      items[0] = last;
      let index = 0;
      for (;;) {
        const left = index * 2 + 1;
        const right = left + 1;
        let largest = index;
        if (left < items.length && this.compare(items[left]!, items[largest]!) > 0) largest = left;
        if (right < items.length && this.compare(items[right]!, items[largest]!) > 0) largest = right;
        if (largest === index) break;
        [items[index], items[largest]] = [items[largest]!, items[index]!];
        index = largest;
      }
    }
    return top;
  }
}
