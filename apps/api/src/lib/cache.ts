/**
 * A small time-bounded cache for data that changes rarely and is read on every request (a client's venues and
 * category tree). Each API process has its own; the time bound is how long another process's change can take to
 * show. A process that makes a change clears its own copy at once.
 */
export class TtlCache {
  private readonly entries = new Map<string, { at: number; value: Promise<unknown> }>();
  constructor(private readonly ttlMs: number) {}

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.value as Promise<T>;
    const value = load();
    this.entries.set(key, { at: Date.now(), value });
    // A failed load is not remembered.
    value.catch(() => this.entries.delete(key));
    return value;
  }

  /** Forgets every key starting with a prefix (all of them without one). */
  clear(prefix = ''): void {
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }
}
