import { type AttendeeWaiver, type agreedWaiver, restrictionMessages, type z } from '@app/contracts';
import { agreementCurrent, agreementExpiry, isPostPurchase, isPrePurchase, restrictionMet, unmetRestrictions } from '@app/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Conn, Tx } from '../../db/client';
import { cartItems, occurrences, users } from '../../db/schema';
import type { Ctx } from '../../http/context';
import { AppError, fieldError } from '../../lib/errors';
import { sanitizeOperatorHtml } from '../../lib/sanitize';
import { type Attached, attachedTo, type findRestrictions, inductionsOf, insertAgreements, latestAgreements } from './queries';

type AgreedWaiver = z.infer<typeof agreedWaiver>;

export const toRestriction = (r: Awaited<ReturnType<typeof findRestrictions>>['rows'][number]) => ({
  id: r.restriction.id,
  name: r.restriction.name,
  type: r.restriction.type,
  terms: r.restriction.terms ? sanitizeOperatorHtml(r.restriction.terms) : null,
  related_category: r.category ? { id: r.category.id, name: r.category.name, slug: r.category.slug } : null,
  terms_version: r.restriction.termsVersion,
  valid_for_days: r.restriction.validForDays,
});

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

export interface GateRequest {
  scheduleId: number;
  /** Who attends: the restrictions are theirs to meet. */
  attendeeId: number;
  /** The first session the booking covers: an induction must be over by then. */
  startsAt: Date;
  /** activity_restriction_ids of the add: the waivers agreed with it. */
  agreedIds: number[];
  /** The item's path in the request, for field errors (`items.0`). */
  field: string;
}

/**
 * The pre-purchase gate of a basket add (docs/decisions/081-waivers-and-inductions.md). Waivers named in
 * activity_restriction_ids are agreed now, for the attendee, by the caller, at the current terms (an enhanced waiver
 * only for this booking). Then whatever is still unmet refuses the add: an induction with a 409 naming what to book
 * first, a waiver with a 422 on activity_restriction_ids. Returns the waivers agreed, for the booking to keep.
 */
export async function gateRestrictions(tx: Tx, c: Ctx & { user: { id: number } }, g: GateRequest): Promise<AgreedWaiver[]> {
  const attached = (await attachedTo(tx, c.client.id, [g.scheduleId])).filter((a) => isPrePurchase(a.type));
  if (attached.length === 0) return [];
  const now = c.clock.now();
  const standing = await standingOf(tx, g.attendeeId, attached, g.startsAt, now);
  const agreeing = standing.filter((a) => !a.met && a.type !== 'pre-purchase-induction' && g.agreedIds.includes(a.id));
  const unmet = unmetRestrictions(standing.map((a) => (agreeing.some((x) => x.id === a.id) ? { ...a, met: true } : a)));
  const induction = unmet.find((a) => a.type === 'pre-purchase-induction');
  if (induction) {
    throw new AppError('induction_required', {
      message: induction.relatedCategory
        ? restrictionMessages.inductionFirst(induction.relatedCategory.name)
        : restrictionMessages.inductionFirstUnnamed,
      data: { restriction_id: induction.id, related_category: induction.relatedCategory },
    });
  }
  const waiver = unmet[0];
  if (waiver) throw fieldError({ [`${g.field}.activity_restriction_ids`]: [restrictionMessages.agreeFirst(waiver.name)] });
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

/** A basket's lines that book something, with the schedule and attendee of each. */
async function bookedLines(db: Conn, cartId: number, cartUserId: number) {
  const rows = await db
    .select({
      id: cartItems.id,
      purchasedFor: cartItems.purchasedForUserId,
      scheduleId: occurrences.scheduleId,
      startsAt: occurrences.startsAt,
    })
    .from(cartItems)
    .innerJoin(occurrences, eq(occurrences.id, cartItems.occurrenceId))
    .where(and(eq(cartItems.cartId, cartId), inArray(cartItems.kind, ['av2_booking', 'av2_booking_bundle'])));
  return rows.map((r) => ({ ...r, attendeeId: r.purchasedFor ?? cartUserId }));
}

/**
 * The post-purchase waivers a basket still needs, one per attendee and waiver whatever the number of lines that need
 * it (doc 1: attendeeWaiversRequired), each with the lines it is for. An attendee's current agreement (terms
 * unchanged, not expired) covers it.
 */
export async function attendeeWaiversOf(db: Conn, c: Ctx, cart: { id: number; userId: number }): Promise<AttendeeWaiver[]> {
  const lines = await bookedLines(db, cart.id, cart.userId);
  if (lines.length === 0) return [];
  const attached = (
    await attachedTo(
      db,
      c.client.id,
      lines.map((l) => l.scheduleId),
    )
  ).filter((a) => isPostPurchase(a.type));
  if (attached.length === 0) return [];
  const people = [...new Set(lines.map((l) => l.attendeeId))];
  const agreements = await latestAgreements(
    db,
    people,
    attached.map((a) => a.id),
  );
  const now = c.clock.now();
  const needed = new Map<string, AttendeeWaiver>();
  for (const line of lines) {
    const mine = attached
      .filter((a) => a.scheduleId === line.scheduleId)
      .map((a) => ({
        ...a,
        met: agreementCurrent(
          agreements.find((g) => g.userId === line.attendeeId && g.restrictionId === a.id),
          a.termsVersion,
          now,
        ),
      }));
    for (const r of unmetRestrictions(mine)) {
      const key = `${r.id}:${line.attendeeId}`;
      const found = needed.get(key);
      if (found) found.cart_item_ids.push(line.id);
      else
        needed.set(key, {
          restriction_id: r.id,
          name: r.name,
          type: r.type,
          user_id: line.attendeeId,
          first_name: '',
          last_name: '',
          cart_item_ids: [line.id],
        });
    }
  }
  if (needed.size === 0) return [];
  const names = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, [...new Set([...needed.values()].map((n) => n.user_id))]));
  return [...needed.values()].map((n) => {
    const who = names.find((u) => u.id === n.user_id);
    return { ...n, first_name: who?.firstName ?? '', last_name: who?.lastName ?? '' };
  });
}
