import { describe, expect, it } from 'vitest';
import { NodeCache } from './node-cache';

describe('NodeCache', () => {
  it('evicts the least recently used nodes once over capacity, and frees them', () => {
    const evicted: string[] = [];
    const cache = new NodeCache<{ points: number }>(300, (name) => evicted.push(name));
    cache.set('r', { points: 100 });
    cache.set('r0', { points: 100 });
    cache.set('r1', { points: 100 });
    cache.touch('r');
    cache.set('r2', { points: 100 });
    expect(evicted).toEqual(['r0']);
    expect([cache.has('r'), cache.has('r0'), cache.has('r1'), cache.has('r2')]).toEqual([true, false, true, true]);
    expect(cache.points).toBe(300);
  });

  it('never evicts pinned nodes (drawn this frame)', () => {
    const evicted: string[] = [];
    const cache = new NodeCache<{ points: number }>(200, (name) => evicted.push(name));
    cache.set('r', { points: 100 });
    cache.set('r0', { points: 100 });
    cache.set('r1', { points: 100 }, new Set(['r', 'r0']));
    expect(evicted).toEqual([]);
    expect(cache.points).toBe(300);
    cache.evict(new Set(['r1']));
    expect(evicted).toEqual(['r']);
  });

  it('frees everything on clear', () => {
    const evicted: string[] = [];
    const cache = new NodeCache<{ points: number }>(1000, (name) => evicted.push(name));
    cache.set('r', { points: 1 });
    cache.set('r0', { points: 1 });
    cache.clear();
    expect(evicted.sort()).toEqual(['r', 'r0']);
    expect(cache.size).toBe(0);
  });
});
