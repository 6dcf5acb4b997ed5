import { pointCloudNodeBox, type PointCloudManifest, type PointCloudNode, type Vec3 } from '@spatia/contract';

/** A node of the octree with its place in the tree and its cube relative to `cube.min` (the viewer's frame). */
export interface OctreeNode {
  name: string;
  level: number;
  points: number;
  offset: number;
  byteSize: number;
  /** Cube-local bounds. */
  min: Vec3;
  max: Vec3;
  children: OctreeNode[];
}

/** The tree from the manifest's flat list (parents come before children). Nodes whose parent is missing are dropped. */
export function buildHierarchy(manifest: Pick<PointCloudManifest, 'cube' | 'nodes'>): OctreeNode | null {
  const byName = new Map<string, OctreeNode>();
  const localCube = { min: [0, 0, 0] as Vec3, size: manifest.cube.size };
  let root: OctreeNode | null = null;
  for (const node of manifest.nodes) {
    const entry = toOctreeNode(node, localCube);
    if (node.name === 'r') {
      root = entry;
    } else {
      const parent = byName.get(node.name.slice(0, -1));
      if (!parent) continue;
      parent.children.push(entry);
    }
    byName.set(node.name, entry);
  }
  return root;
}

function toOctreeNode(node: PointCloudNode, localCube: { min: Vec3; size: number }): OctreeNode {
  const box = pointCloudNodeBox(localCube, node.name);
  return {
    name: node.name,
    level: node.name.length - 1,
    points: node.points,
    offset: node.offset,
    byteSize: node.byteSize,
    min: box.min,
    max: box.max,
    children: [],
  };
}
