import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** One entry of Vite's build manifest (dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface RouteBytes {
  /** The files a first visit to the route downloads before the page can render: the entry, the page's chunk and everything they import statically. */
  scripts: string[];
  styles: string[];
  /** Their gzip sizes added up (the `.gz` files the build wrote beside them). */
  scriptGzip: number;
  styleGzip: number;
  /** The source modules of those scripts' chunks, as the manifest names them. */
  sources: string[];
}

export function readManifest(dist: string): Manifest {
  return JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/** The `.gz` the build wrote beside a file, or for a file too small to be worth one (served as it is), its own size. */
const gzipSize = (dist: string, file: string): number => {
  const gz = path.join(dist, `${file}.gz`);
  return existsSync(gz) ? statSync(gz).size : Math.min(statSync(path.join(dist, file)).size, gzipSync(readFileSync(path.join(dist, file))).length);
};

/**
 * The initial scripts and styles of a route whose page module is `pageSource` (e.g.
 * 'src/features/activities/routes/timetable-page.tsx'): the HTML's entry with its static imports, plus the page's
 * chunk with its static imports (what the router loads before it renders the page). Dynamic imports are not counted.
 */
export function routeBytes(dist: string, manifest: Manifest, pageSources: string[]): RouteBytes {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit('index.html');
  for (const source of pageSources) visit(source);
  const chunks = [...seen].map((key) => manifest[key] as ManifestChunk);
  const scripts = chunks.map((c) => c.file);
  const styles = [...new Set(chunks.flatMap((c) => c.css ?? []))];
  return {
    scripts,
    styles,
    scriptGzip: scripts.reduce((sum, file) => sum + gzipSize(dist, file), 0),
    styleGzip: styles.reduce((sum, file) => sum + gzipSize(dist, file), 0),
    sources: [...seen],
  };
}
