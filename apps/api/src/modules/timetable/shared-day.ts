import type { Occurrence } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { madeAChange } from '../../http/anonymous-cache';
import type { SessionRow } from './queries';

/**
 * A day of sessions as everyone who is not staff sees it before their own bookings are laid over it: the rows, the
 * visitor's views of them, and what a customer's state around them is read by (their ids, schedules and window).
 */
export interface SharedDay {
  rows: SessionRow[];
  /** The views with no customer state (a visitor's answer), in the rows' order. */
  views: Occurrence[];
  ids: string[];
  scheduleIds: number[];
  /** The first start and the last end of the day's sessions: the window a customer's bookings are read for. */
  from: Date;
  to: Date;
  /** On the client's clock: when the views were built, and the first moment a session closes after that. */
  builtAt: number;
  closesAt: number;
}

/**
 * Days shared by the requests of one process for `ttlMs` (TIMETABLE_CACHE_MS, the visitors' answer cache's bound;
 * 0 turns sharing off), keyed by client, venue, categories and day (decision 296). A view is only reused while the
 * client's clock is before the first session of the day that closes after it was built, so no session's bookable
 * action can have changed with the time. Any successful change through this process clears every day, as it clears
 * the visitors' answers; other processes' copies expire within `ttlMs`.
 */
export class SharedDays {
  private readonly entries = new Map<string, { until: number; day: Promise<SharedDay> }>();
  constructor(
    readonly ttlMs: number,
    private readonly maxEntries = 1_000,
  ) {}

  get on(): boolean {
    return this.ttlMs > 0;
  }

  async get(key: string, now: () => Date, load: () => Promise<SharedDay>): Promise<SharedDay> {
    const hit = this.entries.get(key);
    if (hit && Date.now() < hit.until) {
      const day = await hit.day;
      const at = now().getTime();
      if (at >= day.builtAt && at < day.closesAt) return day;
    }
    const day = load();
    const stamp = Date.now();
    // Entries are kept in the order they were stored, all for the same ttl, so the expired ones are at the front:
    // they go as new days come in, and a crawl through many days holds at most a ttl's worth of them.
    for (const [old, entry] of this.entries) {
      if (entry.until > stamp) break;
      this.entries.delete(old);
    }
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    const entry = { until: stamp + this.ttlMs, day };
    this.entries.delete(key);
    this.entries.set(key, entry);
    // A failed read is not shared.
    day.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return day;
  }

  /** How many days are kept (for the tests). */
  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
  }
}

/**
 * Clears the shared days on any successful change made through this process (the visitors' cache's rule), as its
 * answer is sent rather than after: the next request its caller makes finds no day read before the change.
 */
export function registerSharedDayInvalidation(app: FastifyInstance, days: SharedDays): void {
  if (!days.on) return;
  // Callback style, like the other hooks every answer passes through (decision 303): no promise per answer.
  app.addHook('onSend', (req, reply, payload, done) => {
    if (madeAChange(req, reply)) days.clear();
    done(null, payload);
  });
}
