import { describe, expect, it } from 'vitest';
import { PATH_CACHE_CAPACITY } from '../contract/bounded-cache';
import { cachedPath, pathCache } from './executor';

describe('the memoised path cache', () => {
  it('is the bounded cache at 500 entries: full at 500 paths, starting over with the 501st', () => {
    expect(PATH_CACHE_CAPACITY).toBe(500);
    const first = cachedPath('cache.test.p0');
    expect(first).not.toBeNull();
    // Whatever other tests left, the cache is at most full: fill it with fresh paths to its capacity.
    for (let i = 1; pathCache.size < PATH_CACHE_CAPACITY; i += 1) cachedPath(`cache.test.p${i}`);
    expect(pathCache.size).toBe(500);
    const kept = cachedPath(`cache.test.p1`);
    expect(cachedPath('cache.test.p1')).toBe(kept);
    expect(pathCache.size).toBe(500);
    cachedPath('cache.test.one-more');
    expect(pathCache.size).toBe(1);
    // The same text parses again to an equal path once it was dropped.
    expect(cachedPath('cache.test.p1')).not.toBe(kept);
    expect(cachedPath('cache.test.p1')).toEqual(kept);
  });
});
