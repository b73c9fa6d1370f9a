import { z } from 'zod';

/**
 * What the operator sets about the life of a booking after checkout (issue 11): whether customers get the reminder
 * email before a session, and how long a freed place is held for the first in a waitlist's queue (decision 102).
 */
export const afterBookingSettings = z.object({
  email_reminders_enabled: z.boolean(),
  /** Minutes; never past the session's last bookable time whatever this says. From 15 minutes to 7 days. */
  waitlist_offer_minutes: z.int32().min(15).max(10_080),
});
export type AfterBookingSettings = z.infer<typeof afterBookingSettings>;

/** Change any of them. */
export const afterBookingSettingsBody = afterBookingSettings.partial().strict();
export type AfterBookingSettingsBody = z.infer<typeof afterBookingSettingsBody>;
