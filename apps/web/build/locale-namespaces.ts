import path from 'node:path';
import type { Plugin } from 'vite';

const prefix = '\0locale-namespace:';

/** The namespaces of src/locales/en-GB/index.ts (the staff console registers its own, decision 131). */
const namespaces = [
  'home',
  'activities',
  'courses',
  'venues',
  'basket',
  'checkout',
  'auth',
  'account',
  'orders',
  'kiosk',
  'outbox',
  'pricing',
  'attendees',
  'calendar',
] as const;
const known = new Set<string>(namespaces);

/** `useTranslation('basket')`, `useTranslation(['basket', ...])` and a key with its namespace (`i18n.t('auth:reset.mismatch')`). */
const uses = [/useTranslation\(\s*'([a-z-]+)'/g, /useTranslation\(\s*\[([^\]]*)\]/g, /\bt\(\s*'([a-z-]+):/g];

/** The namespaces a module's source asks for. */
export function namespacesUsed(code: string): string[] {
  const found = new Set<string>();
  for (const pattern of uses) {
    for (const match of code.matchAll(pattern)) {
      for (const name of (match[1] ?? '').matchAll(/'?([a-z-]+)'?/g)) if (known.has(name[1] ?? '')) found.add(name[1] ?? '');
    }
  }
  return [...found].sort();
}

const camel = (name: string) => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * Each page's words travel with its code (decision 210): the shell's i18next starts with the common namespace only,
 * and a module that asks for another (`useTranslation('basket')`) gets an import of a small module that adds that
 * namespace to i18next. The import runs before the module's components can render, so no page ever waits for its
 * words, and the bundler puts each namespace in the chunk of the pages that use it. Components need no change.
 */
export function localeNamespaces(): Plugin {
  let src = '';
  return {
    name: 'locale-namespaces',
    enforce: 'pre',
    configResolved(config) {
      src = path.join(config.root, 'src');
    },
    resolveId(id) {
      return id.startsWith(prefix) ? id : null;
    },
    load(id) {
      if (!id.startsWith(prefix)) return null;
      const name = id.slice(prefix.length);
      const i18n = JSON.stringify(path.join(src, 'lib/i18n/index.ts'));
      const strings = JSON.stringify(path.join(src, `locales/en-GB/${name}.ts`));
      return {
        code: [
          `import { i18n } from ${i18n};`,
          `import { ${camel(name)} as strings } from ${strings};`,
          // Overwriting, so that in development an edited locale file's words replace the old ones.
          `i18n.addResourceBundle('en-GB', '${name}', strings, true, true);`,
        ].join('\n'),
        moduleSideEffects: true,
      };
    },
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (!file.startsWith(src) || !/\.tsx?$/.test(file)) return null;
      if (file.startsWith(path.join(src, 'locales')) || file.startsWith(path.join(src, 'lib/i18n'))) return null;
      const used = namespacesUsed(code);
      if (used.length === 0) return null;
      // On the module's first line, so every other line keeps its number in the source map.
      return { code: `${used.map((n) => `import '${prefix}${n}';`).join('')}${code}`, map: null };
    },
  };
}
