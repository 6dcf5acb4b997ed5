import { asError, decodePointCloudNode, type DecodedPointCloudNode, type PointCloudManifest } from '@spatia/contract';
import type { OctreeNode } from './hierarchy';

/**
 * Fetches nodes from `octree.bin` with HTTP range requests, a few at a time, the most wanted first.
 * `want(nodes)` replaces the queue each selection; nodes already in flight finish. A server that
 * ignores `Range` (200 with the whole file) is tolerated: the file is kept and sliced.
 */
export class NodeLoader {
  private queue: OctreeNode[] = [];
  private readonly inFlight = new Set<string>();
  private readonly failed = new Set<string>();
  private readonly abort = new AbortController();
  private wholeFile: Promise<ArrayBuffer> | null = null;

  constructor(
    private readonly url: string,
    private readonly attributes: PointCloudManifest['attributes'],
    private readonly onLoaded: (node: OctreeNode, decoded: DecodedPointCloudNode) => void,
    private readonly onError: (node: OctreeNode, error: Error) => void,
    private readonly maxInFlight = 4,
  ) {}

  get pending(): number {
    return this.inFlight.size + this.queue.length;
  }

  want(nodes: readonly OctreeNode[]): void {
    this.queue = nodes.filter((node) => !this.inFlight.has(node.name) && !this.failed.has(node.name));
    this.pump();
  }

  dispose(): void {
    this.queue = [];
    this.abort.abort();
  }

  private pump(): void {
    while (this.inFlight.size < this.maxInFlight && this.queue.length > 0) {
      const node = this.queue.shift()!;
      this.inFlight.add(node.name);
      this.fetchNode(node)
        .then((bytes) => {
          if (this.abort.signal.aborted) return;
          this.onLoaded(node, decodePointCloudNode(bytes, node.points, this.attributes));
        })
        .catch((error: unknown) => {
          if (this.abort.signal.aborted) return;
          this.failed.add(node.name);
          this.onError(node, asError(error));
        })
        .finally(() => {
          this.inFlight.delete(node.name);
          if (!this.abort.signal.aborted) this.pump();
        });
    }
  }

  private async fetchNode(node: OctreeNode): Promise<ArrayBuffer> {
    if (node.byteSize === 0) return new ArrayBuffer(0);
    if (this.wholeFile) return (await this.wholeFile).slice(node.offset, node.offset + node.byteSize);
    const response = await fetch(this.url, {
      headers: { Range: `bytes=${node.offset}-${node.offset + node.byteSize - 1}` },
      signal: this.abort.signal,
    });
    if (response.status === 206) {
      const bytes = await response.arrayBuffer();
      if (bytes.byteLength !== node.byteSize) throw new Error(`node ${node.name}: ${bytes.byteLength} bytes, expected ${node.byteSize}`);
      return bytes;
    }
    if (response.ok) {
      this.wholeFile ??= response.arrayBuffer();
      return (await this.wholeFile).slice(node.offset, node.offset + node.byteSize);
    }
    throw new Error(`node ${node.name}: HTTP ${response.status}`);
  }
}
