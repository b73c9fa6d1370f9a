import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import type { JobDefinition } from '../../jobs/types';
import { inTransaction } from '../../lib/transaction';
import { addressLine } from './brand';
import { EMAIL_JOB, queueEmail } from './queue';

export const REMINDER_SCAN_JOB = 'email.reminders';

/** At most this many reminders queued per scan; the next scan (minutes later) takes the rest. */
const BATCH = 500;

type Due = {
  booking_id: number;
  client_id: number;
  user_id: number;
  email: string;
  first_name: string;
  last_name: string;
  order_user_id: number | null;
  order_email: string | null;
  order_first_name: string | null;
  title: string;
  starts_at: string | Date;
  ends_at: string | Date;
  venue_name: string;
  address1: string | null;
  address2: string | null;
  town: string | null;
  postcode: string | null;
};

const iso = (d: string | Date) => new Date(d).toISOString();

/**
 * The periodic reminder scan (decision 106): every paid booking whose session starts within REMINDER_HOURS and was
 * neither cancelled nor deleted (a deleted session's bookings stay settled until their cancellation jobs run), on a
 * client with reminders on, booked before that window opened (a booking made the day before has just had its
 * confirmation) and not yet reminded, gets a reminder email queued. The dedupe key per booking makes a scan that
 * runs twice, or overlaps a crash, queue each reminder once; the email goes to whoever paid for the booking.
 */
export const reminderScan: JobDefinition = {
  exclusive: true,
  run: async (_job, { deps, now }) => {
    const windowMs = deps.config.reminders.hours * 3_600_000;
    const until = new Date(now.getTime() + windowMs);
    const due = await queryRows<Due>(
      deps.db,
      sql`
      SELECT b.id AS booking_id, b.client_id, b.user_id, u.email, u.first_name, u.last_name,
        o.user_id AS order_user_id, ou.email AS order_email, ou.first_name AS order_first_name,
        s.name AS title, oc.starts_at, oc.ends_at, v.name AS venue_name, v.address1, v.address2, v.town, v.postcode
      FROM bookings b
      JOIN occurrences oc ON oc.id = b.occurrence_id
      JOIN schedules s ON s.id = oc.schedule_id
      JOIN venues v ON v.id = oc.venue_id
      JOIN clients c ON c.id = b.client_id
      JOIN users u ON u.id = b.user_id
      LEFT JOIN orders o ON o.id = b.order_id
      LEFT JOIN users ou ON ou.id = o.user_id
      WHERE b.status = 'settled' AND oc.status = 'bookable' AND oc.deleted_at IS NULL AND c.email_reminders_enabled
        AND oc.starts_at > ${now} AND oc.starts_at <= ${until}
        AND b.created_at < oc.starts_at - make_interval(secs => ${windowMs / 1000})
        AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.name = ${EMAIL_JOB}
          AND j.unique_key = b.client_id::text || ':reminder:booking:' || b.id::text)
      ORDER BY oc.starts_at, b.id
      LIMIT ${BATCH}`,
    );
    for (const r of due) {
      const payer = r.order_user_id !== null && r.order_user_id !== r.user_id && r.order_email;
      await inTransaction(deps.db, (tx) =>
        queueEmail(tx, {
          clientId: r.client_id,
          to: payer ? (r.order_email as string) : r.email,
          kind: 'reminder',
          data: {
            customerName: payer ? (r.order_first_name as string) : r.first_name,
            session: {
              bookingId: r.booking_id,
              title: r.title,
              start: iso(r.starts_at),
              end: iso(r.ends_at),
              venue: r.venue_name,
              address: addressLine(r),
              attendee: payer ? `${r.first_name} ${r.last_name}` : null,
            },
          },
          dedupeKey: `reminder:booking:${r.booking_id}`,
          now,
        }),
      );
    }
  },
};
