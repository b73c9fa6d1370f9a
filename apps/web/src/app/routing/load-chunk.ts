/**
 * Doc 1, section 8: "A failed script chunk load raises a load error after 120 seconds." A page's code that fails to
 * arrive (the network failed, or a deployment replaced the file) rejects at once; one that never arrives (a
 * stalled connection) rejects after 120 s. Either way the route's error element shows the full-page error, never a
 * white screen (decision 085).
 */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

export function loadChunk<T>(load: () => Promise<T>, timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`Loading a chunk timed out after ${timeoutMs / 1000} s`)), timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (cause: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError('Loading a chunk failed', { cause }));
      },
    );
  });
}
