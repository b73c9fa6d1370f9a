import type { TestApp } from './harness';
import { dataOf } from './harness';

// biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary JSON
type Json = any;

/** A course or camp of Harrogate as a customer (or visitor) sees it: `courses` or `camps`, the first by default. */
export async function programmeAt(t: TestApp, kind: 'courses' | 'camps', as?: string, name?: string): Promise<Json> {
  const list = dataOf(await t.request({ method: 'GET', url: `/api/v1/activities/${kind}?venue_slugs=harrogate`, ...(as ? { as } : {}) }));
  const found = name ? list.find((p: Json) => p.name === name) : list[0];
  if (!found) throw new Error(`no ${kind} ${name ?? ''} at harrogate`);
  return found;
}

/** A valid answer to every question of a course or camp, as the booking form would send them. */
export function answersFor(programme: Json): { custom_question_id: number; answer: unknown }[] {
  const questions = programme.custom_question_sections.flatMap((s: Json) =>
    s.questions.flatMap((q: Json) => (q.type === 'group' ? q.questions : [q])),
  );
  return questions.map((q: Json) => {
    switch (q.type) {
      case 'select':
      case 'radio':
        return { custom_question_id: q.id, answer: q.options[0].id };
      case 'multi_select':
        return { custom_question_id: q.id, answer: [q.options[0].id] };
      case 'checkbox':
        return { custom_question_id: q.id, answer: q.options.length ? q.options[0].id : true };
      case 'number':
        return { custom_question_id: q.id, answer: 3 };
      case 'date':
        return { custom_question_id: q.id, answer: '2015-06-01' };
      default:
        return { custom_question_id: q.id, answer: 'None known. Call 07700 900123' };
    }
  });
}

/** The pre-purchase waiver the first session shows this customer, as activity_restriction_ids (empty when met). */
export const waiverIdsOf = (programme: Json): number[] => {
  const id = programme.occurrences[0]?.restrictions?.pre_purchase_waiver?.id;
  return id ? [id] : [];
};

/**
 * Pays for the basket by card as the app does (prepare, the provider's card form, authorise, complete), sending the
 * waiver agreements made on the attendees page. Returns the complete call's answer (200 or the refusal) and the
 * authorise answer.
 */
export async function payBasket(
  t: TestApp,
  as: string,
  options: { selectedUserId?: number; completedWaivers?: number[] } = {},
): Promise<{ authorise: Json; complete: Json }> {
  const sel = options.selectedUserId ? { selected_user_id: options.selectedUserId } : {};
  const q = options.selectedUserId ? `?selected_user_id=${options.selectedUserId}` : '';
  const prepared = await t.request({ method: 'GET', url: `/api/checkout/prepare${q}`, as });
  if (prepared.statusCode !== 200) throw new Error(`prepare failed: ${prepared.body}`);
  const session = dataOf(prepared);
  const card = await t.app.inject({
    method: 'POST',
    url: '/sandbox-provider/v1/card-identifiers',
    payload: {
      session_key: session.session_key,
      card_holder_name: 'A Morgan',
      card_number: '4242 4242 4242 4242',
      expiry: '12/30',
      security_code: '123',
    },
  });
  const authorise = await t.request({
    method: 'POST',
    url: '/api/checkout/authorise',
    as,
    payload: {
      session_key: session.session_key,
      card_identifier: card.json().card_identifier,
      card_holder_name: 'A Morgan',
      terms: true,
      item_hash: session.item_hash,
      completed_waivers: options.completedWaivers ?? [],
      ...sel,
    },
  });
  if (authorise.statusCode !== 200) return { authorise, complete: authorise };
  const complete = await t.request({
    method: 'POST',
    url: '/api/checkout/complete',
    as,
    payload: {
      transaction_uuid: dataOf(authorise).transaction_uuid,
      item_hash: session.item_hash,
      terms: true,
      completed_waivers: options.completedWaivers ?? [],
      ...sel,
    },
  });
  return { authorise, complete };
}

/** A question section of every type the spec names, attached to a schedule, a category or a session, in the database. */
export async function insertSection(
  t: TestApp,
  owner: { scheduleId?: number; categoryId?: number; occurrenceId?: string },
  questions: Json[],
  title = 'Test questions',
): Promise<Json[]> {
  const { customQuestionSections, customQuestions, clients } = await import('../db/schema');
  const { eq } = await import('drizzle-orm');
  const [client] = await t.database.db.select().from(clients).where(eq(clients.identifier, 'northfield'));
  const [section] = await t.database.db
    .insert(customQuestionSections)
    .values({ clientId: client!.id, ...owner, title, description: null, position: 0 })
    .returning();
  const out: Json[] = [];
  for (const [i, q] of questions.entries()) {
    const { children, ...rest } = q;
    const [row] = await t.database.db
      .insert(customQuestions)
      .values({ clientId: client!.id, sectionId: section!.id, position: i, options: [], ...rest })
      .returning();
    out.push(row);
    for (const [j, child] of (children ?? []).entries()) {
      const [c] = await t.database.db
        .insert(customQuestions)
        .values({ clientId: client!.id, sectionId: section!.id, groupId: row!.id, position: j, options: [], ...child })
        .returning();
      out.push(c);
    }
  }
  return out;
}
