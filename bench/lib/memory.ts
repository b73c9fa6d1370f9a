import type { ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';

export interface MemorySample {
  /** Resident set size, bytes, as the kernel reports it (/proc/<pid>/status VmRSS). */
  rss: number;
  /** V8 heap in use after a full collection, bytes. */
  heapUsed: number;
}

/** VmRSS of a /proc/<pid>/status text, in bytes (the kernel writes kB). */
export function vmRssBytes(status: string): number {
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
  if (!match) throw new Error('no VmRSS line in /proc status');
  return Number(match[1]) * 1024;
}

const heapOf = (child: ChildProcess): Promise<number> =>
  new Promise((resolve, reject) => {
    // Other messages (the bare server's "ready") are not the answer: wait for the one that is.
    const onMessage = (message: { heapUsed?: unknown }) => {
      if (typeof message?.heapUsed !== 'number') return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(message.heapUsed);
    };
    const timer = setTimeout(() => {
      child.off('message', onMessage);
      reject(new Error('the memory probe did not answer'));
    }, 10_000);
    child.on('message', onMessage);
    child.send('bench:heap');
  });

/**
 * RSS read from outside the process first (so the probe's collection does not shrink it), then the heap from the
 * bench's probe (lib/memory-probe.ts), which only processes started with `memoryProbe` load.
 */
export async function sample(child: ChildProcess): Promise<MemorySample> {
  const rss = vmRssBytes(await readFile(`/proc/${child.pid}/status`, 'utf8'));
  return { rss, heapUsed: await heapOf(child) };
}
