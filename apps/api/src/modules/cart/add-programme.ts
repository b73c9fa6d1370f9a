import { type CartItemInput, type CartUpdateBody, checkoutMessages, requiredMessage } from '@app/contracts';
import { type BundleRefusal, extrasTotal, holdExpiresAt, quoteBundle, splitEvenly } from '@app/domain';
import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { type cartItems, occurrences, pricingOptions, schedules } from '../../db/schema';
import type { AuthedCtx } from '../../http/context';
import { AppError, fieldError } from '../../lib/errors';
import { actingUserId as actingUserIdFor } from '../auth/acting-for';
import { heldSessions, insertBundle } from '../booking-bundles/queries';
import { releaseExpiredHolds, takePlaces } from '../bookings/capacity';
import { requireAnswers, scopeOfSchedule, sectionsFor } from '../questions/sections';
import { gateRestrictions } from '../restrictions/pre-purchase';
import { requireFeature } from '../tenancy/features';
import { offerFreedPlaces } from '../waitlists/offers';
import { type CartRow, insertBooking, insertCartItem, liveBookingOf } from './queries';

const takeErrors = { full: 'occurrence_full', closed: 'occurrence_not_bookable', missing: 'not_found' } as const;
const bookingTypeOf = { course: 'courses', camp: 'camps' } as const;

type Extra = { id: number; name: string; quantity: number; price: number };

/**
 * Checks chosen extras against the schedule's own extras; returns them priced, one line per extra: the same extra
 * named twice is one choice of the two quantities (the request schema has refused a total above 10).
 */
async function pricedExtras(tx: Tx, scheduleId: number, chosen: { pricing_option_id: number; quantity: number }[], field: string) {
  const own = await tx.select().from(pricingOptions).where(eq(pricingOptions.scheduleId, scheduleId));
  const out: Extra[] = [];
  for (const e of chosen) {
    const found = own.find((o) => o.id === e.pricing_option_id);
    if (!found) throw fieldError({ [field]: [checkoutMessages.extraUnknown] });
    const same = out.find((x) => x.id === found.id);
    if (same) same.quantity += e.quantity;
    else out.push({ id: found.id, name: found.name, quantity: e.quantity, price: found.price });
  }
  return out.filter((x) => x.quantity > 0);
}

function refuse(reason: BundleRefusal, field: string): AppError {
  switch (reason) {
    case 'bundled_not_offered':
      return fieldError({ [`${field}.booking_full_camp`]: [checkoutMessages.campBundledNotOffered] });
    case 'individual_not_offered':
      return fieldError({ [`${field}.booking_full_camp`]: [checkoutMessages.campIndividualNotOffered] });
    case 'session_unknown':
      return fieldError({ [`${field}.camp_occurrence_ids`]: [checkoutMessages.campSessionUnknown] });
    case 'started':
      return new AppError('occurrence_not_bookable', { message: checkoutMessages.programmeStarted });
    case 'already_booked':
      return new AppError('already_booked');
    default:
      return new AppError('occurrence_not_bookable', { message: checkoutMessages.notForSale });
  }
}

/**
 * Adds a course or a camp as one av2_booking_bundle line: the sessions it covers (all of a course still to come, a
 * whole camp, or chosen camp sessions) are each held by a reserved booking, taken in id order like any basket add;
 * extras and answers are kept with the line.
 */
export async function addProgramme(tx: Tx, c: AuthedCtx, cart: CartRow, item: CartItemInput, field: string, actingUserId: number) {
  const scheduleId = Number(item.id);
  if (!Number.isInteger(scheduleId)) throw new AppError('not_found');
  const [s] = await tx
    .select()
    .from(schedules)
    .where(and(eq(schedules.id, scheduleId), eq(schedules.clientId, c.client.id)));
  const wanted = item.type === 'course' || item.type === 'camp' ? bookingTypeOf[item.type] : null;
  if (!s || (s.bookingType !== 'courses' && s.bookingType !== 'camps') || (wanted && s.bookingType !== wanted)) {
    throw new AppError('not_found');
  }
  requireFeature(c.client, 'campsAndCoursesBookingEnabled');
  if (s.bookingType === 'camps' && item.booking_full_camp === undefined) {
    throw fieldError({ [`${field}.booking_full_camp`]: [requiredMessage] });
  }
  const sessions = await tx
    .select({ id: occurrences.id, startsAt: occurrences.startsAt })
    .from(occurrences)
    .where(and(eq(occurrences.scheduleId, s.id), isNull(occurrences.deletedAt), ne(occurrences.status, 'cancelled')))
    .orderBy(asc(occurrences.startsAt));
  // Booking for someone else needs the same right as selected_user_id: a linked user (accepted link), or staff.
  const attendee = item.purchased_for_user_id ? await actingUserIdFor(c, item.purchased_for_user_id, tx) : actingUserId;
  const now = c.clock.now();
  // A camp's sessions the attendee already booked: the full camp then buys the rest (decision 082).
  const held =
    s.bookingType === 'camps' && item.booking_full_camp !== false
      ? await heldSessions(
          tx,
          attendee,
          sessions.map((o) => o.id),
        )
      : [];
  const quote = quoteBundle(
    {
      kind: s.bookingType,
      price: s.price,
      individualPrice: s.individualPrice,
      availability: s.pricingOptionAvailability,
      allowBookAfterStart: s.allowBookAfterStart,
      sessions,
    },
    { bookingFullCamp: item.booking_full_camp, campOccurrenceIds: item.camp_occurrence_ids, held },
    now,
  );
  if (!quote.ok) throw refuse(quote.reason, field);
  const extras = await pricedExtras(tx, s.id, item.extras ?? [], `${field}.extras`);
  const byId = [...quote.sessionIds].sort();
  for (const id of byId) {
    if ((await releaseExpiredHolds(tx, id, now)) > 0) await offerFreedPlaces(tx, c, id, now);
    const existing = await liveBookingOf(tx, attendee, id);
    if (existing) throw new AppError(existing.status === 'settled' ? 'already_booked' : 'already_in_basket');
  }
  const kept = requireAnswers(
    await sectionsFor(tx, c.client.id, await scopeOfSchedule(tx, c.client.id, s.id)),
    item.custom_question_answers ?? [],
    `${field}.`,
  );
  const firstStart = sessions.find((o) => o.id === quote.sessionIds[0])?.startsAt ?? now;
  const waivers = await gateRestrictions(tx, c, {
    scheduleId: s.id,
    attendeeId: attendee,
    startsAt: firstStart,
    agreedIds: item.activity_restriction_ids,
    field,
  });

  const source = c.user.role === 'staff' && actingUserId !== c.user.id ? 'foh' : 'online';
  for (const id of byId) {
    const result = await takePlaces(tx, c.client.id, id, 1, now, source);
    if (result !== 'taken') throw new AppError(takeErrors[result]);
  }
  const expiresAt = holdExpiresAt(now, c.config.holdMinutes);
  const line = await insertCartItem(tx, {
    clientId: c.client.id,
    cartId: cart.id,
    kind: 'av2_booking_bundle',
    purchasableType: item.type,
    purchasableId: String(s.id),
    name: s.name,
    quantity: 1,
    unitPrice: quote.price + extrasTotal(extras),
    occurrenceId: quote.sessionIds[0] ?? null,
    purchasedForUserId: item.purchased_for_user_id ?? null,
    options: {
      scheduleId: s.id,
      basePrice: quote.price,
      bookingFullCamp: s.bookingType === 'camps' ? item.booking_full_camp !== false : null,
      occurrenceIds: quote.sessionIds,
      extras,
      answers: kept.answers,
      answerSections: kept.answerSections,
      waivers,
      activityRestrictionIds: item.activity_restriction_ids,
    },
    expiresAt,
    createdAt: now,
  });
  await insertBundle(tx, {
    clientId: c.client.id,
    cartItemId: line.id,
    userId: attendee,
    bookedByUserId: cart.userId,
    scheduleId: s.id,
    bookingType: s.bookingType,
    createdAt: now,
  });
  // Each booking's share of the bundle's price, so the shares add up to it (a session refunded alone gives back its
  // part, and all of them the whole); the pennies left over go to the first sessions.
  const shares = splitEvenly(quote.price, quote.sessionIds.length);
  const shareOf = new Map(quote.sessionIds.map((id, i) => [id, shares[i] ?? 0]));
  for (const id of byId) {
    await insertBooking(tx, {
      clientId: c.client.id,
      userId: attendee,
      occurrenceId: id,
      cartItemId: line.id,
      status: 'reserved',
      capacityConsumed: 1,
      price: shareOf.get(id) ?? 0,
      source,
      holdExpiresAt: expiresAt,
      createdAt: now,
    });
  }
}

/** New extras or answers for a bundle line already in the basket; the price follows the extras, answers are checked. */
export async function updateProgrammeOptions(
  tx: Tx,
  c: AuthedCtx,
  item: typeof cartItems.$inferSelect,
  body: CartUpdateBody,
): Promise<Partial<typeof cartItems.$inferInsert>> {
  const options = { ...(item.options as Record<string, unknown>) };
  const basePrice = Number(options.basePrice ?? item.unitPrice);
  if (body.extras !== undefined) options.extras = await pricedExtras(tx, Number(options.scheduleId), body.extras, 'extras');
  if (body.custom_question_answers !== undefined) {
    const scope = await scopeOfSchedule(tx, c.client.id, Number(options.scheduleId));
    const kept = requireAnswers(await sectionsFor(tx, c.client.id, scope), body.custom_question_answers);
    options.answers = kept.answers;
    options.answerSections = kept.answerSections;
  }
  return { options, unitPrice: basePrice + extrasTotal((options.extras as Extra[] | undefined) ?? []) };
}
