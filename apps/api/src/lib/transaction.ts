import type { Db, Tx } from '../db/client';
import { isRetryableConflict } from './db-errors';

/**
 * Runs work in a transaction, running it again (at most three times) if Postgres picked it as a deadlock victim,
 * which it may do under heavy contention even though our lock order avoids cycles.
 */
export async function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (err) {
      if (attempt >= 3 || !isRetryableConflict(err)) throw err;
    }
  }
}
