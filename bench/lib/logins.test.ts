import { describe, expect, it } from 'vitest';
import { type Answer, addressOf, summarise } from './logins';
import { statusBytes } from './peak';

const answer = (status: number, ms: number, retryAfter?: string): Answer => ({ status, ms, retryAfter });

describe('summarise', () => {
  it('counts logins, 503 refusals and anything else, with the successful logins per second and their p50 and p95', () => {
    const answers = [
      ...Array.from({ length: 20 }, (_, i) => answer(200, (i + 1) * 100)),
      answer(503, 5, '2'),
      answer(503, 7, '2'),
      answer(429, 3),
    ];
    const s = summarise(answers, 4);
    expect(s).toMatchObject({
      callers: 23,
      loggedIn: 20,
      busy: 2,
      other: 1,
      busyCarryRetryAfter: true,
      perSecond: 5,
      p50: 1000,
      p95: 1900,
    });
    expect(s.busyP50).toBe(5);
  });

  it('notices a 503 without Retry-After', () => {
    expect(summarise([answer(503, 5, '2'), answer(503, 6)], 1).busyCarryRetryAfter).toBe(false);
  });
});

describe('addressOf', () => {
  it('gives every caller of a burst its own address', () => {
    const addresses = new Set(Array.from({ length: 1000 }, (_, i) => addressOf(1, i)));
    expect(addresses.size).toBe(1000);
    expect(addressOf(1, 0)).toBe('10.1.0.1');
  });
});

describe('statusBytes', () => {
  const status = ['Name:\tnode', 'VmPeak:\t 1200000 kB', 'VmHWM:\t  530000 kB', 'VmRSS:\t  522600 kB'].join('\n');

  it('reads the high-water mark and the resident size from a /proc status text, in bytes', () => {
    expect(statusBytes(status, 'VmHWM')).toBe(530_000 * 1024);
    expect(statusBytes(status, 'VmRSS')).toBe(522_600 * 1024);
  });

  it('refuses a text without the line rather than report nothing as 0', () => {
    expect(() => statusBytes('Name:\tkthreadd\n', 'VmHWM')).toThrow('no VmHWM');
  });
});
