// Reads a V8 CPU profile (`node --cpu-prof`) and prints self time by module (an npm package, node's own code, or a
// file of ours) and by function, as shares of the samples. With a windows.json written by bench/request-cost.ts and
// a name pattern, only the samples inside those measured windows count (not start-up, not the other route's load).
//   npx tsx bench/lib/profile-self.ts <file.cpuprofile> [windows.json] [name-regex] [top]
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: Node[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const [file, windowsFile, pattern, topArg] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-self.ts <file.cpuprofile> [windows.json] [name-regex] [top]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const windows = windowsFile
  ? (JSON.parse(readFileSync(windowsFile, 'utf8')) as { name: string; from: number; to: number }[]).filter((w) =>
      new RegExp(pattern ?? '.', 'i').test(w.name),
    )
  : [{ name: 'all', from: -Infinity, to: Infinity }];
const top = Number(topArg ?? 40);
const byId = new Map(profile.nodes.map((n) => [n.id, n]));

/** The package a script belongs to (the last node_modules segment), node's internals, or our file's path. */
function moduleOf(url: string): string {
  if (!url) return '(native/vm)';
  if (url.startsWith('node:')) return url;
  const nm = url.lastIndexOf('node_modules/');
  if (nm !== -1) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? url);
  }
  const src = url.indexOf('/apps/');
  return src !== -1 ? url.slice(src + 1) : url;
}

const byModule = new Map<string, number>();
const byFunction = new Map<string, number>();
let total = 0;
let idle = 0;
let t = profile.startTime;
for (let i = 0; i < profile.samples.length; i++) {
  t += profile.timeDeltas[i] ?? 0;
  if (!windows.some((w) => t >= w.from && t <= w.to)) continue;
  const node = byId.get(profile.samples[i] as number);
  if (!node) continue;
  const { functionName, url, lineNumber } = node.callFrame;
  // Shares are of the time the process was busy.
  if (functionName === '(idle)') {
    idle++;
    continue;
  }
  const mod = moduleOf(url);
  total++;
  byModule.set(mod, (byModule.get(mod) ?? 0) + 1);
  const fn = `${functionName || '(anonymous)'} ${mod}:${lineNumber + 1}`;
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + 1);
}
const print = (title: string, m: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [k, n] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`  ${((n / total) * 100).toFixed(1).padStart(5)}%  ${k}`);
};
console.log(
  `${total} busy samples (and ${idle} idle) in ${windows.length} window(s) matching ${pattern ?? 'all'}; shares of the busy ones`,
);
print('self time by module', byModule);
print('self time by function', byFunction);
