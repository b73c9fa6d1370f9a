import { describe, expect, it } from 'vitest';
import { Gate } from './gate';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};

describe('Gate', () => {
  it('runs up to the limit, queues up to the line, and refuses the rest at once', async () => {
    const gate = new Gate({ running: 2, waiting: 1 });
    const blockers = [deferred(), deferred(), deferred()];
    const started: number[] = [];
    const tasks = blockers.map((b, i) =>
      gate.run(
        async () => {
          started.push(i);
          await b.promise;
          return i;
        },
        () => new Error('busy'),
      ),
    );
    await expect(
      gate.run(
        async () => 99,
        () => new Error('busy'),
      ),
    ).rejects.toThrow('busy');
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(gate.load).toEqual({ running: 2, waiting: 1 });
    blockers[0]?.resolve();
    await tasks[0];
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual([0, 1, 2]);
    expect(gate.load).toEqual({ running: 2, waiting: 0 });
    blockers[1]?.resolve();
    blockers[2]?.resolve();
    expect(await Promise.all(tasks)).toEqual([0, 1, 2]);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the slot when a task fails', async () => {
    const gate = new Gate({ running: 1, waiting: 0 });
    await expect(
      gate.run(
        async () => Promise.reject(new Error('boom')),
        () => new Error('busy'),
      ),
    ).rejects.toThrow('boom');
    expect(
      await gate.run(
        async () => 'ok',
        () => new Error('busy'),
      ),
    ).toBe('ok');
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });
});
