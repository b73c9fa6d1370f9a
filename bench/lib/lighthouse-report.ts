import os from 'node:os';

export interface AuditRun {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  speedIndex: number;
  /** API requests made while the page loaded (until the network went quiet). */
  apiCalls: number;
  /** Of those, the ones started before the page's first paint, and before its largest (observed, not simulated). */
  apiBeforeFirstPaint: number;
  apiBeforeLargestPaint: number;
  /** API requests before the largest paint that started only once another API answer had arrived (a waterfall). */
  apiChained: number;
  /** Bytes on the wire (compressed) of the page's scripts, stylesheets and fonts. */
  scriptBytes: number;
  styleBytes: number;
  fontBytes: number;
  /** Lighthouse's measure of this machine's CPU speed during the run (higher is faster; other work on the machine lowers it). */
  benchmarkIndex: number;
}

export interface PageResult {
  name: string;
  path: string;
  runs: AuditRun[];
}

export interface StartUp {
  fresh: number;
  existing: number;
  runs: number;
  command: string;
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The median run of a page: the one with the median score (Lighthouse's own advice), so its metrics belong together. */
export function medianRun(runs: AuditRun[]): AuditRun {
  const sorted = [...runs].sort((a, b) => a.score - b.score || a.lcp - b.lcp);
  return sorted[Math.floor((sorted.length - 1) / 2)] as AuditRun;
}

/** The section of docs/benchmarks.md: one row per page (its median run), every run's score, and the start-up times. */
export function lighthouseSection(
  pages: PageResult[],
  startUp: StartUp,
  runs: number,
  load: { before: number[]; after: number[] },
): string {
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const loadavg = (l: number[]) => l.map((v) => v.toFixed(1)).join(' / ');
  return [
    '### Lighthouse, mobile, and start-up',
    '',
    `Run ${when} UTC on ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'cpu'}, Node ${process.version}, Debian's Chromium, Lighthouse's mobile defaults (slow 4G: 150 ms, 1.6 Mbps; 4× CPU slowdown; simulated). The built app with the demo data; each page audited once unmeasured, then ${runs} times: the row is the run with the median score, and every run's score is listed. Load average (1 / 5 / 15 min) ${loadavg(load.before)} at the start, ${loadavg(load.after)} at the end. JS, CSS and fonts are bytes on the wire (brotli); API calls are those made while the page loaded, then those started before its first paint and before its largest paint (as observed), and how many of the latter waited for another API answer (a waterfall: 0 is the target); CPU index is Lighthouse's benchmark of the machine during the run (an idle desktop of this class scores well over 1,000; other work on the machine lowers it, and Lighthouse multiplies what it observes by 4). Targets: score ≥ 90, LCP ≤ 2.0 s, TBT ≤ 200 ms, CLS ≤ 0.05.`,
    '',
    '| page | score | runs | FCP | LCP | TBT | CLS | Speed Index | API calls | before first paint | before LCP | chained | JS | CSS | fonts | CPU index |',
    '|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...pages.map(({ name, path, runs: all }) => {
      const m = medianRun(all);
      return `| ${name} \`${path.replace(/\d{4}-\d{2}-\d{2}/, 'today')}\` | ${m.score} | ${all.map((r) => r.score).join(', ')} | ${seconds(m.fcp)} | ${seconds(m.lcp)} | ${Math.round(m.tbt)} ms | ${m.cls.toFixed(3)} | ${seconds(m.speedIndex)} | ${m.apiCalls} | ${m.apiBeforeFirstPaint} | ${m.apiBeforeLargestPaint} | ${m.apiChained} | ${kb(m.scriptBytes)} | ${kb(m.styleBytes)} | ${kb(m.fontBytes)} | ${Math.round(m.benchmarkIndex)} |`;
    }),
    '',
    `Start-up (\`${startUp.command}\`, as \`npm start\` runs it once the build is current), from spawning the process to the first 200 for \`/\`, median of ${startUp.runs}: **${seconds(startUp.existing)}** with an existing data folder, **${seconds(startUp.fresh)}** with a fresh one (create, migrate and seed PGlite).`,
  ].join('\n');
}
