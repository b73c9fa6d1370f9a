import { describe, expect, it } from 'vitest';
import { TtlCache } from './cache';

describe('TtlCache', () => {
  it('loads once while fresh and again after clear', async () => {
    const cache = new TtlCache(60_000);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('a', load)).toBe(1);
    expect(await cache.get('a', load)).toBe(1);
    cache.clear('a');
    expect(await cache.get('a', load)).toBe(2);
  });

  it('does not remember a failed load', async () => {
    const cache = new TtlCache(60_000);
    await expect(cache.get('b', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('b', async () => 'up')).toBe('up');
  });

  it('holds at most its bound however many keys requests make up, dropping the oldest', async () => {
    const cache = new TtlCache(60_000, 100);
    for (let i = 0; i < 1_000; i++) await cache.get(`venue:1:made-up-${i}`, async () => null);
    expect(cache.size).toBe(100);
    let loads = 0;
    await cache.get('venue:1:made-up-999', async () => ++loads);
    expect(loads).toBe(0);
    await cache.get('venue:1:made-up-0', async () => ++loads);
    expect(loads).toBe(1);
  });
});
