import type { PointCloudNode, Vec3 } from '@spatia/contract';
import { describe, expect, it } from 'vitest';
import { buildHierarchy, type OctreeNode } from './hierarchy';
import { MaxHeap, projectedSpacing, selectNodes, type LodView } from './lod';

/** A full octree of `depth` levels below the root, `points` per node. */
function syntheticNodes(depth: number, points: number): PointCloudNode[] {
  const nodes: PointCloudNode[] = [];
  let level = ['r'];
  for (let depthIndex = 0; depthIndex <= depth; depthIndex++) {
    nodes.push(...level.map((name) => ({ name, points, offset: 0, byteSize: points * 12 })));
    level = level.flatMap((name) => Array.from({ length: 8 }, (_, child) => `${name}${child}`));
  }
  return nodes;
}

const cube = { min: [1000, 2000, 30] as Vec3, size: 64 };
const root = buildHierarchy({ cube, nodes: syntheticNodes(3, 1000) })!;
const everywhere = () => true;
const loaded = () => true;

function view(position: Vec3, inFrustum: LodView['inFrustum'] = everywhere): LodView {
  return { position, pixelsPerRadian: 800, inFrustum };
}

describe('buildHierarchy', () => {
  it('links children to parents with cube-local boxes', () => {
    expect(root.children).toHaveLength(8);
    const r5 = root.children.find((node) => node.name === 'r5')!;
    expect(r5.min).toEqual([32, 0, 32]);
    expect(r5.max).toEqual([64, 32, 64]);
    expect(r5.level).toBe(1);
    expect(r5.children[0]!.name).toBe('r50');
  });

  it('drops nodes whose parent is missing', () => {
    const tree = buildHierarchy({
      cube,
      nodes: [
        { name: 'r', points: 1, offset: 0, byteSize: 12 },
        { name: 'r12', points: 1, offset: 0, byteSize: 12 },
      ],
    });
    expect(tree!.children).toEqual([]);
  });
});

describe('selectNodes', () => {
  it('refines only while the projected spacing is above the threshold', () => {
    // Far away: the root's spacing projects below the threshold, nothing is refined.
    const far = selectNodes(root, view([32, 32, 100_000]), { spacing: 1, pointBudget: 1e9, maxProjectedSpacing: 2, isLoaded: loaded });
    expect(far.visible.map((node) => node.name)).toEqual(['r']);
    // Close: every level is wanted.
    const near = selectNodes(root, view([32, 32, 70]), { spacing: 1, pointBudget: 1e9, maxProjectedSpacing: 0.01, isLoaded: loaded });
    expect(near.visible).toHaveLength(1 + 8 + 64 + 512);
    expect(near.visiblePoints).toBe(585_000);
  });

  it('stops at the budget and takes the nodes nearest the camera first', () => {
    const selection = selectNodes(root, view([0, 0, 0]), { spacing: 1, pointBudget: 10_000, maxProjectedSpacing: 0.01, isLoaded: loaded });
    expect(selection.visiblePoints).toBeLessThanOrEqual(10_000);
    expect(selection.visible).toHaveLength(10);
    expect(selection.visible[0]!.name).toBe('r');
    // The camera sits at the cube's corner (0,0,0): child 0 is the closest and the largest on screen.
    expect(selection.visible[1]!.name).toBe('r0');
    // Then the deepest nodes at that corner, which are as large on screen as r0 itself.
    expect(selection.visible.slice(2, 4).map((node: OctreeNode) => node.name)).toEqual(['r00', 'r000']);
    // Nodes far from the corner did not make it into the budget.
    expect(selection.visible.some((node) => node.name.startsWith('r7'))).toBe(false);
  });

  it('skips nodes outside the frustum', () => {
    // Only the half x < 32 is "visible".
    const halfX: LodView['inFrustum'] = (min) => min[0] < 32;
    const selection = selectNodes(root, view([16, 32, 200], halfX), {
      spacing: 1,
      pointBudget: 1e9,
      maxProjectedSpacing: 0.01,
      isLoaded: loaded,
    });
    expect(selection.visible.every((node) => node.min[0] < 32)).toBe(true);
    expect(selection.visible.filter((node) => node.level === 1)).toHaveLength(4);
  });

  it('asks for missing nodes without refining them', () => {
    const selection = selectNodes(root, view([32, 32, 70]), {
      spacing: 1,
      pointBudget: 1e9,
      maxProjectedSpacing: 0.01,
      isLoaded: (name) => name === 'r',
    });
    expect(selection.visible.map((node) => node.name)).toEqual(['r']);
    expect(selection.missing).toHaveLength(8);
    expect(selection.missing.every((node) => node.level === 1)).toBe(true);
  });

  it('projects spacing as spacing / 2^level / distance × pixels per radian', () => {
    expect(projectedSpacing(4, 2, 10, 1000)).toBe(100);
  });
});

describe('MaxHeap', () => {
  it('pops the largest first', () => {
    const heap = new MaxHeap<number>((a, b) => a - b);
    for (const value of [5, 1, 9, 3, 7, 9, 0]) heap.push(value);
    const out: number[] = [];
    for (let value = heap.pop(); value !== undefined; value = heap.pop()) out.push(value);
    expect(out).toEqual([9, 9, 7, 5, 3, 1, 0]);
  });
});
