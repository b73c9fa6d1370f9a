import type { AfterBookingSettings, AfterBookingSettingsBody } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { clients } from '../../db/schema';
import type { AuthedCtx } from '../../http/context';

/**
 * The operator's switches for what happens after a booking (staff only; decision 135): reminders on or off, and the
 * hold of a waitlist offer. Read where they are used (the reminder scan and offerFreedPlaces read the clients row),
 * so a change applies from the next scan or offer.
 */
export async function afterBookingSettingsOf(c: AuthedCtx): Promise<AfterBookingSettings> {
  const [row] = await c.db
    .select({ reminders: clients.emailRemindersEnabled, minutes: clients.waitlistOfferMinutes })
    .from(clients)
    .where(eq(clients.id, c.client.id));
  return { email_reminders_enabled: row?.reminders ?? true, waitlist_offer_minutes: row?.minutes ?? 120 };
}

export async function updateAfterBookingSettings(c: AuthedCtx, body: AfterBookingSettingsBody): Promise<AfterBookingSettings> {
  const changes: Partial<typeof clients.$inferInsert> = {};
  if (body.email_reminders_enabled !== undefined) changes.emailRemindersEnabled = body.email_reminders_enabled;
  if (body.waitlist_offer_minutes !== undefined) changes.waitlistOfferMinutes = body.waitlist_offer_minutes;
  if (Object.keys(changes).length) await c.db.update(clients).set(changes).where(eq(clients.id, c.client.id));
  return afterBookingSettingsOf(c);
}
