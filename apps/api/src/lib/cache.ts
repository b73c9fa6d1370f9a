/**
 * A small time-bounded cache for data that changes rarely and is read on every request (a client's venues and
 * category tree). Each API process has its own; the time bound is how long another process's change can take to
 * show. A process that makes a change clears its own copy at once.
 *
 * Keys come from requests (a venue's slug in the URL, a Host header), so the cache holds at most `maxEntries`:
 * without a bound, a scanner asking for millions of made-up venues or hosts grew the process until it died.
 * Past the bound, expired entries go first, then the oldest.
 */
export class TtlCache {
  private readonly entries = new Map<string, { at: number; value: Promise<unknown> }>();
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.value as Promise<T>;
    const value = load();
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.evict();
    this.entries.set(key, { at: Date.now(), value });
    // A failed load is not remembered.
    value.catch(() => this.entries.delete(key));
    return value;
  }

  /** Drops expired entries, then the oldest (a Map iterates in insertion order) until there is room. */
  private evict(): void {
    const now = Date.now();
    for (const [key, entry] of this.entries) if (now - entry.at >= this.ttlMs) this.entries.delete(key);
    for (const key of this.entries.keys()) {
      if (this.entries.size < this.maxEntries) break;
      this.entries.delete(key);
    }
  }

  /** Forgets every key starting with a prefix (all of them without one). */
  clear(prefix = ''): void {
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }
}
