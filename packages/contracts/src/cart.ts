import { zonedDateTime } from './date-schemas';
import { type AddablePurchasableType, addablePurchasableType, bookingType, cartItemKind, tenderType } from './enums';
import { intId } from './envelope';
import { INT32_MAX } from './input';
import { checkoutMessages, questionMessages, requiredMessage } from './messages';
import { money } from './money';
import { customQuestionAnswer, customQuestionSection } from './questions';
import { attendeeWaiver } from './waivers';
import { z } from './zod-setup';

const userId = z.int32().min(1);

// Defined with the questions it answers; kept exported from here, where callers have always found it.
export { customQuestionAnswer };

/** Doc 2, sections 5 and 9: each extra is chosen 0 to 10 times. */
export const maxExtraQuantity = 10;

export const extraSelection = z.object({
  pricing_option_id: z.int32().min(1),
  quantity: z.int32().min(0).max(maxExtraQuantity),
});

/**
 * The extras of a course or camp. The same extra named twice counts as one choice of their quantities added up
 * (the server merges them), which is still 0 to 10: the line that takes it over is refused with the stepper's rule.
 */
export const extraSelections = z.array(extraSelection).superRefine((extras, ctx) => {
  const chosen = new Map<number, number>();
  for (const [i, e] of extras.entries()) {
    const total = (chosen.get(e.pricing_option_id) ?? 0) + e.quantity;
    chosen.set(e.pricing_option_id, total);
    if (total > maxExtraQuantity && e.quantity <= maxExtraQuantity) {
      ctx.addIssue({ code: 'custom', path: [i, 'quantity'], message: checkoutMessages.quantityAbove(maxExtraQuantity) });
    }
  }
});

const purchasableId = z.union([z.string().min(1).max(64), z.int32().min(1)]);

/**
 * One item of POST cart add, with document 2's rules: quantity at least 1 and exactly 1 for another user;
 * answers and extras only for courses and camps; a camp needs booking_full_camp, and sessions when it is false.
 * What is bought is named either as doc 1 writes a cart item (`id`, `type`) or as doc 2 writes a course or camp
 * (`purchasable_id`, `purchasable_type`); both forms mean the same, and an item naming it twice must agree with
 * itself. The item is read on as `id` and `type`.
 */
export const cartItemInput = z
  .object({
    id: purchasableId.optional(),
    type: addablePurchasableType.optional(),
    purchasable_id: purchasableId.optional(),
    purchasable_type: addablePurchasableType.optional(),
    quantity: z.int32().min(1).default(1),
    purchased_for_user_id: userId.optional(),
    pricing_option_id: z.int32().min(1).optional(),
    activity_restriction_ids: z.array(z.int32().min(1)).default([]),
    custom_question_answers: z.array(customQuestionAnswer).optional(),
    extras: extraSelections.optional(),
    booking_full_camp: z.boolean().optional(),
    camp_occurrence_ids: z.array(z.string().min(1).max(64)).optional(),
    /** Ticketed sessions: how many of each ticket type (doc 2, fast tickets). */
    tickets: z
      .array(
        z.object({
          id: z.int32().min(1),
          quantity: z.int32().min(0).max(10),
          /** A ticket for a named customer, at their discount (doc 1: selected tickets carry id and customerReference). */
          customer_reference: z.string().trim().min(1).max(64).optional(),
        }),
      )
      .max(20)
      .optional(),
    /** A credit top-up (journalTransaction): how much, in the smallest currency unit. */
    amount: z.int32().min(100).max(100_000).optional(),
    /** A membership: the home venue it is bought for. */
    home_venue_id: z.int32().min(1).optional(),
  })
  .superRefine((item, ctx) => {
    const named = (field: 'id' | 'type', spec: 'purchasable_id' | 'purchasable_type') => {
      const ours = item[field];
      const theirs = item[spec];
      if (ours === undefined && theirs === undefined) ctx.addIssue({ code: 'custom', path: [field], message: requiredMessage });
      else if (ours !== undefined && theirs !== undefined && String(ours) !== String(theirs)) {
        ctx.addIssue({ code: 'custom', path: [spec], message: checkoutMessages.purchasableMismatch(field) });
      }
    };
    named('id', 'purchasable_id');
    named('type', 'purchasable_type');
    const type = item.type ?? item.purchasable_type;
    if (item.purchased_for_user_id !== undefined && item.quantity !== 1) {
      ctx.addIssue({ code: 'custom', path: ['quantity'], message: checkoutMessages.oneForAnother });
    }
    const programme = type === 'course' || type === 'camp';
    if (!programme && item.custom_question_answers !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['custom_question_answers'], message: checkoutMessages.answersOnlyForProgrammes });
    }
    if (!programme && item.extras !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['extras'], message: checkoutMessages.extrasOnlyForProgrammes });
    }
    if (type === 'camp') {
      if (item.booking_full_camp === undefined) {
        ctx.addIssue({ code: 'custom', path: ['booking_full_camp'], message: requiredMessage });
      } else if (!item.booking_full_camp && !item.camp_occurrence_ids?.length) {
        ctx.addIssue({ code: 'custom', path: ['camp_occurrence_ids'], message: questionMessages.selectSession });
      }
    }
  })
  .transform(({ id, type, purchasable_id, purchasable_type, ...item }) => ({
    ...item,
    // Both are there: the refinement above refused an item naming neither.
    id: (id ?? purchasable_id) as string | number,
    type: (type ?? purchasable_type) as AddablePurchasableType,
  }));
export type CartItemInput = z.output<typeof cartItemInput>;

/**
 * The baskets a customer may have, one per source: the spec's payment source 'activity-booking' (the default) and its
 * two sales sources. Anything else is 422, so free text cannot open a basket per value (issue 9 fault 6, decision 077).
 */
export const cartSources = ['activity-booking', 'online', 'foh'] as const;
export const cartSource = z.enum(cartSources);

export const cartQuery = z.object({
  selected_user_id: intId.optional(),
  source: cartSource.optional(),
});

export const cartAddBody = z.object({
  items: z.array(cartItemInput).min(1).max(50),
  membership_user_id: userId.optional(),
  selected_user_id: userId.optional(),
  source: cartSource.optional(),
});
export type CartAddBody = z.infer<typeof cartAddBody>;

export const cartRemoveQuery = z.object({
  membership_user_id: intId.optional(),
  selected_user_id: intId.optional(),
  source: cartSource.optional(),
});
export const cartRemoveBody = z.object({ cart_item_ids: z.array(z.int32().min(1)).min(1).max(100) });

/** PUT /{cartItemId}: a new quantity (at least 1) and the item's option fields. */
export const cartUpdateBody = z.object({
  quantity: z.int32().min(1).optional(),
  extras: extraSelections.optional(),
  custom_question_answers: z.array(customQuestionAnswer).optional(),
  /** Moves the line to another person: the basket's owner or a linked user (decision 168). */
  purchased_for_user_id: userId.optional(),
  selected_user_id: userId.optional(),
  source: cartSource.optional(),
});
export type CartUpdateBody = z.infer<typeof cartUpdateBody>;
export const cartItemParams = z.object({ cartItemId: z.coerce.number().int().max(INT32_MAX).min(1) });

/** DELETE benefit or package removal: query source and selected_user_id. */
export const cartItemScopeQuery = z.object({
  source: cartSource.optional(),
  selected_user_id: intId.optional(),
});

/** The /api/v1/users/{userId}/carts/{source}/items calls. */
export const userCartParams = z.object({ userId: z.coerce.number().int().max(INT32_MAX).min(1), source: cartSource });
export const userCartItemParams = userCartParams.extend({ cartItemId: z.coerce.number().int().max(INT32_MAX).min(1) });
export const userCartAddBody = z.object({ data: z.object({ items: z.array(cartItemInput).min(1).max(50) }) });

export const cartItemPrice = money.extend({
  decimal: z.string(),
  raw: z.int32(),
  benefit_applied: z.boolean(),
  package_applied: z.boolean(),
});

/** A basket line: the API shape (kind, common and booking fields) and the basket view's cartable fields. */
export const cartItem = z.object({
  id: z.int32(),
  kind: cartItemKind,
  cartable_type: z.string(),
  name: z.string(),
  quantity: z.int32(),
  max_quantity: z.int32(),
  price: cartItemPrice,
  line_total: money,
  purchased_for_user_id: z.int32().nullable(),
  booking_id: z.int32().nullable(),
  occurrence_id: z.string().nullable(),
  booking_type: bookingType.nullable(),
  starts_at: zonedDateTime.nullable(),
  ends_at: zonedDateTime.nullable(),
  venue: z.object({ id: z.int32(), name: z.string(), slug: z.string() }).nullable(),
  cartable_resource: z.object({
    name: z.string(),
    venue_name: z.string().nullable(),
    location: z.string().nullable(),
    duration: z.int32().nullable(),
    starts_at: z.string().nullable(),
    ends_at: z.string().nullable(),
    date: z.string().nullable(),
    new_membership: z.boolean(),
  }),
  child_items: z.array(
    z.object({
      id: z.int32(),
      name: z.string(),
      quantity: z.int32(),
      price: money,
      /** A ticket named for a customer: who, their discount, and the list price it was taken off (decision 151). */
      customer_reference: z.string().nullable(),
      customer_name: z.string().nullable(),
      discount_percent: z.int32(),
      full_price: money,
    }),
  ),
  /** When the place held for this item is given back; null for items that hold nothing. */
  expires_at: z.string().nullable(),
  expired: z.boolean(),
  /** Bundles (course or camp): every session the bundle holds, its extras and answers. */
  occurrence_ids: z.array(z.string()),
  extras: z.array(z.object({ pricing_option_id: z.int32(), name: z.string(), quantity: z.int32(), price: money })),
  custom_question_answers: z.array(customQuestionAnswer),
  /**
   * Ours: the question sections this line asks (a session's are answered after the add, with the answer calls), so
   * the basket can ask what is still unanswered; empty for lines that book nothing.
   */
  custom_question_sections: z.array(customQuestionSection),
  /** Membership items (membership, membership_change, membership_renewal). */
  membership_id: z.int32().nullable(),
  membership_type: z.string().nullable(),
  home_venue: z.object({ id: z.int32(), name: z.string(), slug: z.string() }).nullable(),
});
export type CartItem = z.infer<typeof cartItem>;

const creditAvailability = z.object({
  type: z.enum(['membership', 'general']),
  total_available: z.number().int(),
  max_applicable: z.int32(),
});

export const paymentLine = z.object({ tender_type: tenderType, amount: z.int32(), id: z.string().max(64).optional() });
export type PaymentLine = z.infer<typeof paymentLine>;

export const cart = z.object({
  id: z.int32(),
  uuid: z.string(),
  source: z.string(),
  selected_user_id: z.int32().nullable(),
  items: z.array(cartItem),
  item_hash: z.string(),
  total: money,
  balance: money,
  totals: z.object({
    total: z.int32(),
    tax_total: z.int32(),
    sub_total: z.int32(),
    balance: z.int32(),
    item_count: z.int32(),
    formatted_total: z.string(),
    formatted_balance: z.string(),
  }),
  available_credit: z.object({ membership: creditAvailability, general: creditAvailability }),
  credits: z.array(paymentLine),
  attendee_waivers_required: z.int32(),
  /** Which waivers those are: per attendee, before the basket can be paid for (the /attendees page). */
  attendee_waivers: z.array(attendeeWaiver).optional(),
  complete_order_id: z.int32().nullable(),
});
export type Cart = z.infer<typeof cart>;

/** POST /api/credits/apply (the client sends creditsToReserve, cartSource, selectedUserId, snake-cased). */
export const creditApplyBody = z.object({
  credits_to_reserve: z
    .array(z.object({ amount: z.int32().min(0), type: z.enum(['membership', 'general']) }))
    .min(1)
    .max(2),
  cart_source: cartSource.optional(),
  selected_user_id: userId.optional(),
});
export type CreditApplyBody = z.infer<typeof creditApplyBody>;
