/**
 * Loaded nodes, least recently used first out. The capacity is in points (GPU memory follows points);
 * nodes drawn in the current frame are never evicted. `onEvict` frees the GPU buffers.
 */
export class NodeCache<T extends { points: number }> {
  private readonly entries = new Map<string, T>();
  private total = 0;

  constructor(
    private readonly capacityPoints: number,
    private readonly onEvict: (name: string, value: T) => void,
  ) {}

  get points(): number {
    return this.total;
  }

  get size(): number {
    return this.entries.size;
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** Reads without changing the order. */
  peek(name: string): T | undefined {
    return this.entries.get(name);
  }

  /** Marks as just used (a Map keeps insertion order: re-inserting moves it to the end). */
  touch(name: string): T | undefined {
    const value = this.entries.get(name);
    if (value === undefined) return undefined;
    this.entries.delete(name);
    this.entries.set(name, value);
    return value;
  }

  set(name: string, value: T, pinned: ReadonlySet<string> = new Set()): void {
    const previous = this.entries.get(name);
    if (previous) {
      this.entries.delete(name);
      this.total -= previous.points;
      if (previous !== value) this.onEvict(name, previous);
    }
    this.entries.set(name, value);
    this.total += value.points;
    this.evict(new Set([...pinned, name]));
  }

  /** Evicts least recently used entries, skipping `pinned`, until the total fits. */
  evict(pinned: ReadonlySet<string>): void {
    if (this.total <= this.capacityPoints) return;
    for (const [name, value] of this.entries) {
      if (this.total <= this.capacityPoints) break;
      if (pinned.has(name)) continue;
      this.entries.delete(name);
      this.total -= value.points;
      this.onEvict(name, value);
    }
  }

  clear(): void {
    for (const [name, value] of this.entries) this.onEvict(name, value);
    this.entries.clear();
    this.total = 0;
  }
}
