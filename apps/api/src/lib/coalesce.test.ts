import { describe, expect, it } from 'vitest';
import { Coalescer } from './coalesce';

describe('Coalescer', () => {
  it('answers questions asked together with one load, each its own answer', async () => {
    const loads: number[][] = [];
    const c = new Coalescer(async (qs: number[]) => {
      loads.push(qs);
      return qs.map((q) => q * 2);
    });
    expect(await Promise.all([c.ask(1), c.ask(2), c.ask(3)])).toEqual([2, 4, 6]);
    expect(loads).toEqual([[1, 2, 3]]);
  });

  it('never answers a question from a load that began before it was asked', async () => {
    const loads: number[][] = [];
    let release: () => void = () => {};
    const c = new Coalescer(async (qs: number[]) => {
      loads.push(qs);
      if (loads.length === 1) await new Promise<void>((r) => (release = r));
      return qs;
    }, 1);
    const first = c.ask(1);
    await new Promise((r) => setImmediate(r));
    // The first load is in flight: these wait for the next one.
    const later = [c.ask(2), c.ask(3)];
    await new Promise((r) => setImmediate(r));
    expect(loads).toEqual([[1]]);
    release();
    expect(await first).toBe(1);
    expect(await Promise.all(later)).toEqual([2, 3]);
    expect(loads).toEqual([[1], [2, 3]]);
  });

  it('passes a failed load on to every question of it, and goes on with the next', async () => {
    let fail = true;
    const c = new Coalescer(async (qs: number[]) => {
      if (fail) throw new Error('down');
      return qs;
    });
    await expect(Promise.all([c.ask(1), c.ask(2)])).rejects.toThrow('down');
    fail = false;
    expect(await c.ask(3)).toBe(3);
  });
});
