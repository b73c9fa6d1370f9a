import type { AuthUser } from '@app/contracts';
import { eq, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { linkedUsers } from '../db/schema';

/** A live session as the session check needs it: whose it is, their role, and until when it holds. */
export interface CachedSession {
  tokenHash: string;
  clientId: number;
  userId: number;
  role: 'customer' | 'staff';
  expiresAt: Date;
}

interface Entry<T> {
  at: number;
  value: T;
}

/** A Map bounded in size that forgets its oldest entry first (Maps keep insertion order). */
class Bounded<T> {
  readonly entries = new Map<string, Entry<T>>();
  constructor(private readonly max: number) {}

  get(key: string, now: number, ttlMs: number): T | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (now - hit.at >= ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return hit.value;
  }

  set(key: string, value: T, now: number): void {
    this.entries.delete(key);
    if (this.entries.size >= this.max) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { at: now, value });
  }
}

/**
 * A short per-process memory of live sessions (keyed by the token's hash) and of each logged-in user's derived state
 * (the session check's answer: membership, credit, penalties), so a customer's calls cost what a visitor's do rather
 * than a database round trip each (decision 115). Entries live `ttlMs` of this process's monotonic time, and each map
 * holds at most `max` entries. A change made through this process forgets what it changes at once (logout and token
 * exchange forget the session, a password reset every session of the account, a change the derived state of the users
 * it may concern, registerSessionCacheInvalidation); another process's change shows here within `ttlMs`, which bounds how long a session ended elsewhere may
 * still be honoured. ttlMs 0 turns it off. Expiry is still checked against the app's clock on every hit.
 */
export class SessionCache {
  private readonly sessions: Bounded<CachedSession>;
  /** Keyed by user id alone (ids are unique across clients), so forgetting one user is one delete, not a scan. */
  private readonly users: Bounded<{ clientId: number; user: AuthUser }>;

  constructor(
    readonly ttlMs: number,
    max = 10_000,
    private readonly monotonic: () => number = () => performance.now(),
  ) {
    this.sessions = new Bounded(max);
    this.users = new Bounded(max);
  }

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** A remembered session of this client that has not expired by `now`; undefined means ask the database. */
  session(tokenHash: string, clientId: number, now: Date): CachedSession | undefined {
    if (!this.enabled) return undefined;
    const hit = this.sessions.get(tokenHash, this.monotonic(), this.ttlMs);
    if (!hit || hit.clientId !== clientId || hit.expiresAt <= now) return undefined;
    return hit;
  }

  rememberSession(session: CachedSession): void {
    if (this.enabled) this.sessions.set(session.tokenHash, session, this.monotonic());
  }

  /** The session check's answer for a user, when remembered. */
  user(clientId: number, userId: number): AuthUser | undefined {
    if (!this.enabled) return undefined;
    const hit = this.users.get(String(userId), this.monotonic(), this.ttlMs);
    return hit && hit.clientId === clientId ? hit.user : undefined;
  }

  rememberUser(clientId: number, userId: number, user: AuthUser): void {
    if (this.enabled) this.users.set(String(userId), { clientId, user }, this.monotonic());
  }

  /** How many users' derived states are remembered (for tests and for skipping work when there is nothing to forget). */
  get usersRemembered(): number {
    return this.users.entries.size;
  }

  /** A session ended here (logout, token exchange): it stops working in this process at once. */
  forgetSession(tokenHash: string): void {
    this.sessions.entries.delete(tokenHash);
  }

  /** Every session and the derived state of one user (password reset, role change, account closed). */
  forgetUser(userId: number): void {
    for (const [key, entry] of this.sessions.entries) if (entry.value.userId === userId) this.sessions.entries.delete(key);
    this.forgetUserState(userId);
  }

  /** One user's derived state (a change they made: a booking, a payment, their profile). */
  forgetUserState(userId: number): void {
    this.users.entries.delete(String(userId));
  }

  /** Every user's derived state (a change staff or a payment provider made, which may concern anyone). */
  forgetAllUserState(): void {
    this.users.entries.clear();
  }
}

const unsafe = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Everyone linked with a user, either way round and whatever the link's state: whose derived state their change may touch. */
async function linkedWith(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: linkedUsers.userId, referencedUserId: linkedUsers.referencedUserId })
    .from(linkedUsers)
    .where(or(eq(linkedUsers.userId, userId), eq(linkedUsers.referencedUserId, userId)));
  const ids = new Set<number>();
  for (const row of rows) for (const id of [row.userId, row.referencedUserId]) if (id !== null && id !== userId) ids.add(id);
  return [...ids];
}

/**
 * A change made through this process forgets the derived state of the users it may concern (decision 114), before its
 * answer leaves, so the sender's next call (and a linked user's) is never answered from before the change:
 * - a customer's change that succeeded: theirs and that of everyone linked with them (a parent paying for a linked
 *   user's membership, editing their details), read from linked_users, one indexed statement;
 * - a refused change (4xx): only the sender's, since a refusal changes nothing (every change is conditional and a
 *   refused request's transaction is rolled back), so a crowd refused on a full session costs no statement here;
 * - staff work, a change without a session (a payment provider's webhook, a sign-in) that succeeded, and any 5xx:
 *   everyone's, since staff act for any customer, a webhook may complete anyone's payment, and a 5xx may have
 *   stopped anywhere. These are rare beside customers' own changes.
 * Sessions are not forgotten here: only ending one does that (logout, reset).
 */
export function registerSessionCacheInvalidation(app: FastifyInstance, cache: SessionCache, db: Db): void {
  if (!cache.enabled) return;
  // Callback style: an async hook costs every answer (most are reads, which forget nothing) a promise and a turn of
  // the microtask queue; only a customer's successful change waits, for the links.
  app.addHook('onSend', (req, reply, payload, done) => {
    if (!unsafe.has(req.method)) return done(null, payload);
    const user = req.user;
    const status = reply.statusCode;
    if (status >= 400 && status < 500) {
      if (user) cache.forgetUserState(user.id);
    } else if (status >= 500 || !user || user.role === 'staff') {
      cache.forgetAllUserState();
    } else {
      cache.forgetUserState(user.id);
      if (cache.usersRemembered > 0) {
        linkedWith(db, user.id)
          .then(
            (ids) => {
              for (const id of ids) cache.forgetUserState(id);
            },
            // Without the links, forgetting everyone is the safe answer.
            () => cache.forgetAllUserState(),
          )
          .then(() => done(null, payload));
        return;
      }
    }
    done(null, payload);
  });
}
