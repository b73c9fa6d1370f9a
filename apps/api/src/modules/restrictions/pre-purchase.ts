import { type agreedWaiver, restrictionMessages, type z } from '@app/contracts';
import { agreementCurrent, agreementExpiry, isPrePurchase, restrictionMet, unmetRestrictions } from '@app/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Conn, Tx } from '../../db/client';
import { cartItems, occurrences } from '../../db/schema';
import type { Ctx } from '../../http/context';
import { AppError, fieldError } from '../../lib/errors';
import { type Attached, attachedTo, inductionsOf, insertAgreements, latestAgreements } from './queries';

/**
 * The pre-purchase gate (docs/decisions/081-waivers-and-inductions.md and 187): what a booking must meet before it is
 * in a basket (a waiver agreed, an induction done), checked on every way a place reaches a basket (the add, a line
 * moved to another person, a waitlist offer accepted) and again before money moves (checkout), since a waiver can
 * lapse, its terms change or an induction booking be cancelled while a basket waits.
 */

type AgreedWaiver = z.infer<typeof agreedWaiver>;

/** Whether each of these restrictions is met by a person for a session starting at `startsAt`. */
async function standingOf(db: Conn, userId: number, attached: Attached[], startsAt: Date, now: Date) {
  const ids = [...new Set(attached.map((a) => a.id))];
  const [agreements, inductions] = await Promise.all([
    latestAgreements(db, [userId], ids),
    inductionsOf(
      db,
      userId,
      attached.filter((a) => a.type === 'pre-purchase-induction').map((a) => a.id),
    ),
  ]);
  return attached.map((a) => {
    const latest = agreements.find((g) => g.restrictionId === a.id);
    const met = restrictionMet(
      {
        type: a.type,
        agreed: agreementCurrent(latest, a.termsVersion, now),
        done: inductions.completed.has(a.id),
        inductionEndsAt: inductions.endsAt.get(a.id) ?? null,
      },
      startsAt,
    );
    return { ...a, met };
  });
}

/**
 * Refuses what is still unmet: an induction with a 409 naming what to book first, else the waivers with a 422 on
 * `<field>.activity_restriction_ids`, one message per waiver still to agree (a client showing one at a time learns
 * of the next too).
 */
function refuseUnmet(unmet: Attached[], field: string): void {
  const induction = unmet.find((a) => a.type === 'pre-purchase-induction');
  if (induction) {
    throw new AppError('induction_required', {
      message: induction.relatedCategory
        ? restrictionMessages.inductionFirst(induction.relatedCategory.name)
        : restrictionMessages.inductionFirstUnnamed,
      data: { restriction_id: induction.id, related_category: induction.relatedCategory },
    });
  }
  if (unmet.length > 0) {
    throw fieldError({ [`${field ? `${field}.` : ''}activity_restriction_ids`]: unmet.map((w) => restrictionMessages.agreeFirst(w.name)) });
  }
}

export interface GateRequest {
  scheduleId: number;
  /** Who attends: the restrictions are theirs to meet. */
  attendeeId: number;
  /** The first session the booking covers: an induction must be over by then. */
  startsAt: Date;
  /** activity_restriction_ids of the add: the waivers agreed with it. */
  agreedIds: number[];
  /** The item's path in the request, for field errors (`items.0`); empty for a body's own field. */
  field: string;
}

/**
 * The pre-purchase restrictions a person has still to meet for a booking of this schedule starting then, without
 * agreeing anything: what a page shows before the customer agrees (a waitlist offer).
 */
export async function unmetPrePurchase(db: Conn, c: Ctx, g: Omit<GateRequest, 'agreedIds' | 'field'>): Promise<Attached[]> {
  const attached = (await attachedTo(db, c.client.id, [g.scheduleId])).filter((a) => isPrePurchase(a.type));
  if (attached.length === 0) return [];
  return unmetRestrictions(await standingOf(db, g.attendeeId, attached, g.startsAt, c.clock.now()));
}

/**
 * The gate of a basket add (and of a waitlist offer accepted). Waivers named in activity_restriction_ids are agreed
 * now, for the attendee, by the caller, at the current terms (an enhanced waiver only for this booking). Then
 * whatever is still unmet refuses it. Returns the waivers agreed, for the booking to keep.
 */
export async function gateRestrictions(tx: Tx, c: Ctx & { user: { id: number } }, g: GateRequest): Promise<AgreedWaiver[]> {
  const attached = (await attachedTo(tx, c.client.id, [g.scheduleId])).filter((a) => isPrePurchase(a.type));
  if (attached.length === 0) return [];
  const now = c.clock.now();
  const standing = await standingOf(tx, g.attendeeId, attached, g.startsAt, now);
  const agreeing = standing.filter((a) => !a.met && a.type !== 'pre-purchase-induction' && g.agreedIds.includes(a.id));
  refuseUnmet(unmetRestrictions(standing.map((a) => (agreeing.some((x) => x.id === a.id) ? { ...a, met: true } : a))), g.field);
  const unique = agreeing.filter((a, i) => agreeing.findIndex((x) => x.id === a.id) === i);
  const saved = await insertAgreements(
    tx,
    unique
      .filter((a) => a.type === 'pre-purchase-waiver')
      .map((a) => ({
        clientId: c.client.id,
        restrictionId: a.id,
        userId: g.attendeeId,
        agreedByUserId: c.user.id,
        termsVersion: a.termsVersion,
        agreedAt: now,
        expiresAt: agreementExpiry(now, a.validForDays),
      })),
  );
  return unique.map((a) => ({
    restriction_id: a.id,
    name: a.name,
    type: a.type,
    terms_version: saved.find((s) => s.restrictionId === a.id)?.termsVersion ?? a.termsVersion,
    agreed_at: now.toISOString(),
  }));
}

/**
 * Checkout's second look at the pre-purchase gate, before money moves: every booking line's attendee still meets
 * what the line's schedule asks now. A waiver agreed with the add counts while its agreement is current (not expired,
 * terms unchanged); an enhanced waiver while the line's own agreement is to the terms as they are; an induction while
 * its booking is still paid and not marked absent. Refused like the add (409 for an induction, 422 on
 * `items.<line>.activity_restriction_ids` for a waiver): the customer removes the line and books it again.
 */
export async function requirePrePurchaseStillMet(c: Ctx, cart: { id: number; userId: number }, db: Conn = c.db): Promise<void> {
  const lines = await db
    .select({
      id: cartItems.id,
      purchasedFor: cartItems.purchasedForUserId,
      options: cartItems.options,
      scheduleId: occurrences.scheduleId,
      startsAt: occurrences.startsAt,
    })
    .from(cartItems)
    .innerJoin(occurrences, eq(occurrences.id, cartItems.occurrenceId))
    .where(and(eq(cartItems.cartId, cart.id), inArray(cartItems.kind, ['av2_booking', 'av2_booking_bundle'])));
  if (lines.length === 0) return;
  const attached = (
    await attachedTo(
      db,
      c.client.id,
      lines.map((l) => l.scheduleId),
    )
  ).filter((a) => isPrePurchase(a.type));
  if (attached.length === 0) return;
  const now = c.clock.now();
  for (const line of lines) {
    const mine = attached.filter((a) => a.scheduleId === line.scheduleId);
    if (mine.length === 0) continue;
    const agreedWithLine = ((line.options as { waivers?: AgreedWaiver[] }).waivers ?? []).filter((w) => w.type === 'enhanced-pre-waiver');
    const standing = (await standingOf(db, line.purchasedFor ?? cart.userId, mine, line.startsAt, now)).map((a) =>
      a.type === 'enhanced-pre-waiver'
        ? { ...a, met: agreedWithLine.some((w) => w.restriction_id === a.id && w.terms_version === a.termsVersion) }
        : a,
    );
    refuseUnmet(unmetRestrictions(standing), `items.${line.id}`);
  }
}
