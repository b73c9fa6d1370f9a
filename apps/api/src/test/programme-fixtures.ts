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
