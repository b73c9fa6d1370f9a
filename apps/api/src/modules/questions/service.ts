import {
  type Cart,
  type CartQuestionsBody,
  type CustomQuestionAnswer,
  defaultCartSource,
  type QuestionAnswersBody,
  questionOurMessages,
} from '@app/contracts';
import { answeredSections } from '@app/domain';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { cartItems } from '../../db/schema';
import type { AuthedCtx } from '../../http/context';
import { AppError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { actingUserId } from '../auth/acting-for';
import { type CartItemRow, lockOpenCart, touchCart } from '../cart/queries';
import { cartView } from '../cart/service';
import { sectionsOf } from './queries';
import { type KeptAnswers, lineScopes, type QuestionScope, requireAnswers, sectionsFor } from './sections';

async function saveAnswers(tx: Tx, item: CartItemRow, kept: KeptAnswers): Promise<void> {
  await tx
    .update(cartItems)
    .set({ options: sql`${cartItems.options} || ${JSON.stringify({ answers: kept.answers, answerSections: kept.answerSections })}::jsonb` })
    .where(eq(cartItems.id, item.id));
}

/**
 * Runs an answer call on the acting user's open basket: the basket locked, the lines answered, the basket answered
 * back as the basket calls answer it.
 */
async function onBasket(
  c: AuthedCtx,
  body: { selected_user_id?: number | undefined; source?: string | undefined },
  work: (tx: Tx, items: CartItemRow[], scopes: Map<number, QuestionScope>, cartId: number) => Promise<void>,
): Promise<Cart> {
  const userId = await actingUserId(c, body.selected_user_id);
  const cart = await inTransaction(c.db, async (tx) => {
    const cart = await lockOpenCart(tx, c.client.id, userId, body.source ?? defaultCartSource);
    const items = await tx.select().from(cartItems).where(eq(cartItems.cartId, cart.id));
    await work(tx, items, await lineScopes(tx, items), cart.id);
    await touchCart(tx, cart.id, c.clock.now());
    return cart;
  });
  return cartView(c.db, c, cart, body.selected_user_id ?? null);
}

/**
 * POST activities/cart/{cartId}/questions: answers for lines of the basket, each answer naming its line. Every line
 * named is answered in full (its required questions too); lines not named keep their answers.
 */
export async function answerCartQuestions(c: AuthedCtx, cartId: number, body: CartQuestionsBody): Promise<Cart> {
  return onBasket(c, body, async (tx, items, scopes, openCartId) => {
    if (openCartId !== cartId) throw new AppError('not_found');
    const lines = [...new Set(body.answers.map((a) => a.cart_item_id))];
    for (const id of lines) {
      const item = items.find((i) => i.id === id);
      const scope = scopes.get(id);
      if (!item || !scope) throw new AppError('not_found');
      const given = body.answers.filter((a) => a.cart_item_id === id).map(({ cart_item_id: _, ...a }) => a);
      await saveAnswers(tx, item, requireAnswers(await sectionsFor(tx, c.client.id, scope), given, `answers.${id}.`));
    }
  });
}

/** POST activities/occurrences/{id}/questions/answers: every question of the basket line that holds this session. */
export async function answerOccurrenceQuestions(c: AuthedCtx, occurrenceId: string, body: QuestionAnswersBody): Promise<Cart> {
  return onBasket(c, body, async (tx, items, scopes) => {
    const holds = (i: CartItemRow) =>
      i.occurrenceId === occurrenceId || ((i.options.occurrenceIds as string[] | undefined) ?? []).includes(occurrenceId);
    const lines = items.filter((i) => scopes.has(i.id) && holds(i));
    if (lines.length === 0) throw new AppError('not_found', { message: questionOurMessages.noLineForAnswers });
    for (const item of lines) {
      const scope = scopes.get(item.id) as QuestionScope;
      await saveAnswers(tx, item, requireAnswers(await sectionsFor(tx, c.client.id, scope), body.answers));
    }
  });
}

/**
 * POST activities/{id}/questions/answers: the questions an activity (category) asks, answered once for every line of
 * the basket in that activity or under it. Answers to the lines' other questions are kept.
 */
export async function answerActivityQuestions(c: AuthedCtx, categoryId: number, body: QuestionAnswersBody): Promise<Cart> {
  return onBasket(c, body, async (tx, items, scopes) => {
    const lines = items.filter((i) => {
      const s = scopes.get(i.id);
      return s && (s.categoryId === categoryId || s.parentCategoryId === categoryId);
    });
    if (lines.length === 0) throw new AppError('not_found', { message: questionOurMessages.noLineForAnswers });
    const own = await sectionsOf(tx, c.client.id, { categoryIds: [categoryId] });
    const activitySections = own.map(({ owner: _owner, ...s }) => s);
    const kept = requireAnswers(activitySections, body.answers);
    const activityIds = new Set(activitySections.flatMap((s) => s.questions.flatMap((q) => [q.id, ...q.questions.map((x) => x.id)])));
    for (const item of lines) {
      const scope = scopes.get(item.id) as QuestionScope;
      const others = ((item.options.answers as CustomQuestionAnswer[] | undefined) ?? []).filter(
        (a) => !activityIds.has(a.custom_question_id),
      );
      const all = [...others, ...kept.answers];
      await saveAnswers(tx, item, { answers: all, answerSections: answeredSections(await sectionsFor(tx, c.client.id, scope), all) });
    }
  });
}
