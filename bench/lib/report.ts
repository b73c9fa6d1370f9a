import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import type { Compared, Measurement } from './measure';

const file = new URL('../../docs/benchmarks.md', import.meta.url);

const row = (m: Measurement | Compared, baseline: Measurement) => {
  const ratio = 'ratio' in m ? m.ratio : m.requestsPerSecond / baseline.requestsPerSecond;
  return `| ${m.name} | ${Math.round(m.requestsPerSecond)} | ${m.p50} | ${m.p99} | ${(ratio * 100).toFixed(1)}% | ${m.non2xx + m.errors} |`;
};

/** Replaces one section of docs/benchmarks.md (between its markers) with this run's table. */
export async function writeSection(
  section: string,
  title: string,
  notes: string,
  baseline: Measurement,
  results: Measurement[],
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
  await writeFile(file, doc);
  return body;
}
