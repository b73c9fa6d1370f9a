import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname);
const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });

/** Each quoted class list in a source file (plain, single-quoted and template strings). */
const classLists = (text: string): string[] => [...text.matchAll(/(["'`])([^"'`\n]*outline-none[^"'`\n]*)\1/g)].map((m) => m[2] ?? '');

/**
 * Tailwind v4's `outline-none` sets the outline style to none, and a later `outline-3` only sets the width: a control
 * with `outline-none` must set `outline-solid` in each state that draws its focus outline, or it shows no focus at
 * all (issue 13, defect 10; decision 094 found it on the 'Filter sessions' toggle).
 */
describe('visible focus', () => {
  it('every control that removes the outline draws a solid one when focused', () => {
    const missing: string[] = [];
    for (const file of sources(root)) {
      for (const list of classLists(readFileSync(file, 'utf8'))) {
        const states = new Set([...list.matchAll(/(\S+:)outline-\d/g)].map((m) => m[1]));
        for (const state of states) {
          if (!list.includes(`${state}outline-solid`)) missing.push(`${relative(root, file)}: ${state}outline-solid`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
