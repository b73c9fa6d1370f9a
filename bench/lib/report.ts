import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import type { Compared, Measurement } from './measure';
import type { MemorySample } from './memory';

const file = new URL('../../docs/benchmarks.md', import.meta.url);
/** A partial run (`BENCH_ROUTES` chose some routes) is a trial: it prints its tables and leaves the document alone. */
export const trialRun = process.env.BENCH_ROUTES !== undefined;

const row = (m: Measurement | Compared, baseline: Measurement) => {
  const ratio = 'ratio' in m ? m.ratio : m.requestsPerSecond / baseline.requestsPerSecond;
  return `| ${m.name} | ${Math.round(m.requestsPerSecond)} | ${m.p50} | ${m.p99} | ${(ratio * 100).toFixed(1)}% | ${m.non2xx + m.errors} |`;
};

/** Replaces one section of docs/benchmarks.md (between its markers) with this run's table (and `after` it, if any). */
export async function writeSection(
  section: string,
  title: string,
  notes: string,
  baseline: Measurement,
  results: Measurement[],
  after?: string,
): Promise<string> {
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const body = [
    `<!-- bench:${section}:start -->`,
    `### ${title}`,
    '',
    `Run ${when} UTC on ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'cpu'}, Node ${process.version}. ${notes}`,
    '',
    '| route | requests/s | p50 ms | p99 ms | of baseline | non-2xx |',
    '|---|---:|---:|---:|---:|---:|',
    row(baseline, baseline),
    ...results.map((m) => row(m, baseline)),
    ...(after ? ['', after] : []),
    `<!-- bench:${section}:end -->`,
  ].join('\n');
  let doc = '';
  try {
    doc = await readFile(file, 'utf8');
  } catch {
    doc = '# Benchmarks\n\nWritten by `npm run bench`; each table compares routes with a baseline measured in the same run.\n';
  }
  const pattern = new RegExp(`<!-- bench:${section}:start -->[\\s\\S]*?<!-- bench:${section}:end -->`);
  doc = pattern.test(doc) ? doc.replace(pattern, body) : `${doc.trimEnd()}\n\n${body}\n`;
  if (!trialRun) await writeFile(file, doc);
  return body;
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;

/**
 * The memory table: the server's RSS and V8 heap at each point with its ratio to the baseline's at the same point.
 * A point the baseline has no figure for (a pass it did not receive) shows a dash.
 */
export function memoryTable(points: { name: string; server: MemorySample; baseline?: MemorySample }[]): string {
  return [
    '| when | API RSS MB | of baseline RSS | API heap used MB | of baseline heap |',
    '|---|---:|---:|---:|---:|',
    ...points.map(({ name, server, baseline: base }) => {
      const rss = base ? ratio(server.rss, base.rss) : '–';
      const heap = base ? ratio(server.heapUsed, base.heapUsed) : '–';
      return `| ${name} | ${mb(server.rss)} | ${rss} | ${mb(server.heapUsed)} | ${heap} |`;
    }),
  ].join('\n');
}

/** Replaces one section of docs/benchmarks.md (between its markers) with `markdown` as it is. */
export async function writeRawSection(section: string, markdown: string): Promise<string> {
  const body = [`<!-- bench:${section}:start -->`, markdown, `<!-- bench:${section}:end -->`].join('\n');
  let doc = '';
  try {
    doc = await readFile(file, 'utf8');
  } catch {
    doc = '# Benchmarks\n';
  }
  const pattern = new RegExp(`<!-- bench:${section}:start -->[\\s\\S]*?<!-- bench:${section}:end -->`);
  doc = pattern.test(doc) ? doc.replace(pattern, body) : `${doc.trimEnd()}\n\n${body}\n`;
  if (!trialRun) await writeFile(file, doc);
  return body;
}
