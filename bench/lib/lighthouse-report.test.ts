import { describe, expect, it } from 'vitest';
import { type AuditRun, lighthouseSection } from './lighthouse-report';

const run = (score: number, extra: Partial<AuditRun> = {}): AuditRun => ({
  score,
  fcp: 1200,
  lcp: 1900,
  tbt: 150,
  cls: 0.01,
  speedIndex: 1500,
  apiCalls: 4,
  apiBeforeFirstPaint: 0,
  apiBeforeLargestPaint: 2,
  apiChained: 0,
  scriptBytes: 110 * 1024,
  styleBytes: 7 * 1024,
  fontBytes: 50 * 1024,
  benchmarkIndex: 900,
  ...extra,
});

describe('the Lighthouse section of docs/benchmarks.md', () => {
  const section = lighthouseSection(
    [{ name: 'timetable', path: '/location/harrogate/spin/2026-11-27', runs: [run(88), run(93, { apiChained: 1 }), run(91)] }],
    { fresh: 9000, existing: 2500, runs: 3, command: 'node apps/api/dist/main.js' },
    3,
    { before: [3.21, 2.5, 2], after: [4, 3, 2.5] },
  );

  it("records the machine's load average with the figures", () => {
    expect(section).toContain('Load average (1 / 5 / 15 min) 3.2 / 2.5 / 2.0 at the start, 4.0 / 3.0 / 2.5 at the end');
  });

  it('gives every figure the issue asks for from the median run: score, LCP, TBT, CLS and the API calls before paint', () => {
    const row = section.split('\n').find((l) => l.startsWith('| timetable'));
    expect(row).toBe(
      '| timetable `/location/harrogate/spin/today` | 91 | 88, 93, 91 | 1.2 s | 1.9 s | 150 ms | 0.010 | 1.5 s | 4 | 0 | 2 | 0 | 110.0 KB | 7.0 KB | 50.0 KB | 900 |',
    );
  });
});
