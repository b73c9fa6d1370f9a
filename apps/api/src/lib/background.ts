/**
 * Work a request starts but does not wait for (the forgotten-password lookup and email): kept here so it is never an
 * unhandled rejection, so shutdown and tests can wait for it to settle.
 */
const running = new Set<Promise<unknown>>();

export function runInBackground(work: Promise<unknown>, onError: (err: unknown) => void): void {
  const tracked = work.catch(onError).finally(() => running.delete(tracked));
  running.add(tracked);
}

/** Resolves once all background work started so far has settled. */
export async function settleBackground(): Promise<void> {
  while (running.size > 0) await Promise.allSettled([...running]);
}
