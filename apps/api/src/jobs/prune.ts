import { sql } from 'drizzle-orm';
import type { Conn } from '../db/client';

/** Finished jobs are kept this long (for staff to look back), failed ones until someone deals with them. */
const KEEP_DONE_DAYS = 7;

export async function pruneJobs(conn: Conn, now: Date): Promise<void> {
  await conn.execute(
    sql`DELETE FROM jobs WHERE status = 'done' AND finished_at < ${new Date(now.getTime() - KEEP_DONE_DAYS * 86_400_000)}`,
  );
}
