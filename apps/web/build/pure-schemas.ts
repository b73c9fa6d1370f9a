import { type Plugin, parseSync } from 'vite';

/** The contracts' modules (only constants are marked: statements such as `z.config(...)` or `dayjs.extend(...)` stay as they are). */
const contractsModule = /packages\/contracts\/src\/[\w-]+\.ts$/;

/** Initialisers worth marking: calls and member chains (`z.object({...}).extend(...)`), not literals or functions. */
const markable = new Set(['CallExpression', 'MemberExpression', 'ChainExpression', 'TSAsExpression', 'TSSatisfiesExpression']);

interface Node {
  type: string;
  start: number;
  end: number;
}
interface Declarator extends Node {
  init: Node | null;
}
interface Statement extends Node {
  kind?: string;
  declarations?: Declarator[];
  declaration?: Statement | null;
}

/**
 * Tells the bundler that the contracts' top-level constants (zod schemas, derived tables) are pure (decision 085),
 * by wrapping each initialiser that is a call or a chain of calls in a `/* @__PURE__ *\/` arrow that is called at
 * once. The app imports the contracts for messages, formatting and its forms' schemas; the bundler must otherwise
 * assume `z.object({...}).optional()` may do something, and so keeps every schema of a module the app touches,
 * and with them all of zod, in the first download of every page. Only the build sees the change.
 */
export function pureSchemas(): Plugin {
  return {
    name: 'pure-schemas',
    apply: 'build',
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (!contractsModule.test(file)) return null;
      const { program } = parseSync(file, code, { lang: 'ts' });
      const inits: Node[] = [];
      for (const raw of program.body as unknown as Statement[]) {
        const statement = raw.type === 'ExportNamedDeclaration' ? raw.declaration : raw;
        if (statement?.type !== 'VariableDeclaration' || statement.kind !== 'const') continue;
        for (const declarator of statement.declarations ?? []) {
          if (declarator.init && markable.has(declarator.init.type)) inits.push(declarator.init);
        }
      }
      if (inits.length === 0) return null;
      let out = code;
      // From the end, so earlier offsets stay valid.
      for (const init of inits.sort((a, b) => b.start - a.start)) {
        out = `${out.slice(0, init.start)}/* @__PURE__ */ (() => (${out.slice(init.start, init.end)}))()${out.slice(init.end)}`;
      }
      return { code: out, map: null };
    },
  };
}
