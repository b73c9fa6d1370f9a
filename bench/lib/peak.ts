import { readFile, writeFile } from 'node:fs/promises';

/** A `kB` line of a /proc/<pid>/status text (VmRSS, VmHWM), in bytes. */
export function statusBytes(status: string, field: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`^${field}:\\s+(\\d+)\\s+kB$`, 'm').exec(status);
  if (!match) throw new Error(`no ${field} line in /proc status`);
  return Number(match[1]) * 1024;
}

const status = (pid: number) => readFile(`/proc/${pid}/status`, 'utf8');

export interface Peak<T> {
  result: T;
  /** RSS just before the work, bytes. */
  before: number;
  /** The highest RSS during the work, bytes. */
  peak: number;
  /** How the peak was read: the kernel's own high-water mark (reset first), or our samples of RSS. */
  method: 'VmHWM' | 'sampled';
}

/**
 * The peak resident memory of process `pid` while `work` runs, read from outside it. The kernel's high-water mark
 * (VmHWM) is reset first by writing 5 to /proc/<pid>/clear_refs, so it covers this work alone and misses no spike
 * between samples; where that write is refused, RSS sampled every 20 ms stands in (and may miss a short spike).
 */
export async function peakDuring<T>(pid: number, work: () => Promise<T>): Promise<Peak<T>> {
  const before = statusBytes(await status(pid), 'VmRSS');
  let reset = true;
  try {
    await writeFile(`/proc/${pid}/clear_refs`, '5');
  } catch {
    reset = false;
  }
  let sampled = before;
  let sampling = Promise.resolve();
  const timer = setInterval(() => {
    sampling = sampling.then(async () => {
      try {
        sampled = Math.max(sampled, statusBytes(await status(pid), 'VmRSS'));
      } catch {
        // the process is gone; the figures so far stand
      }
    });
  }, 20);
  try {
    const result = await work();
    clearInterval(timer);
    await sampling;
    const after = await status(pid);
    sampled = Math.max(sampled, statusBytes(after, 'VmRSS'));
    return reset
      ? { result, before, peak: Math.max(sampled, statusBytes(after, 'VmHWM')), method: 'VmHWM' }
      : { result, before, peak: sampled, method: 'sampled' };
  } finally {
    clearInterval(timer);
  }
}
