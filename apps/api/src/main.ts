// The API's entry point (`npm start` runs its compiled form, `npm run dev` this file). Node's compile cache keeps the
// compiled bytecode of every module loaded, ours and npm's, on disk between runs (in the system's temporary
// directory, or NODE_COMPILE_CACHE), so a start after the first skips compiling them (decision 279). It must be on
// before those modules load, hence this file, which only enables it and then loads the server.
import module from 'node:module';

// Node 22.1 and later (@types/node here is 20's, which does not know it).
(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
await import('./server');
