import type { AnsweredSection, CustomQuestionAnswer, CustomQuestionSection } from '@app/contracts';
import { answeredSections, checkAnswers } from '@app/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Conn } from '../../db/client';
import { categories, occurrences, schedules } from '../../db/schema';
import { AppError, fieldError } from '../../lib/errors';
import type { CartItemRow } from '../cart/queries';
import { type OwnedSection, sectionsOf } from './queries';

/** What a booking's questions hang off: its schedule, the schedule's category and that category's parent, its sessions. */
export interface QuestionScope {
  scheduleId: number;
  categoryId: number;
  parentCategoryId: number | null;
  /** Sessions whose own sections apply: a single session's; none for a course or camp (decision 080). */
  occurrenceIds: string[];
}

const ownersOf = (scopes: QuestionScope[]) => ({
  scheduleIds: [...new Set(scopes.map((s) => s.scheduleId))],
  categoryIds: [...new Set(scopes.flatMap((s) => [s.categoryId, ...(s.parentCategoryId ? [s.parentCategoryId] : [])]))],
  occurrenceIds: [...new Set(scopes.flatMap((s) => s.occurrenceIds))],
});

/**
 * The sections asked for one booking, from the general to the particular: the parent category's, the category's, the
 * schedule's, then its sessions' (each owner's in its own order), numbered again so they read as one list.
 */
export function sectionsForScope(all: OwnedSection[], scope: QuestionScope): CustomQuestionSection[] {
  const mine = [
    ...all.filter((s) => scope.parentCategoryId !== null && s.owner.categoryId === scope.parentCategoryId),
    ...all.filter((s) => s.owner.categoryId === scope.categoryId),
    ...all.filter((s) => s.owner.scheduleId === scope.scheduleId),
    ...all.filter((s) => s.owner.occurrenceId !== null && scope.occurrenceIds.includes(s.owner.occurrenceId)),
  ];
  return mine.map(({ owner: _owner, ...s }, position) => ({ ...s, position }));
}

/** The question sections of many bookings in two statements: for the course and camp lists. */
export async function sectionsForScopes(db: Conn, clientId: number, scopes: QuestionScope[]) {
  const all = await sectionsOf(db, clientId, ownersOf(scopes));
  return (scope: QuestionScope) => sectionsForScope(all, scope);
}

export async function sectionsFor(db: Conn, clientId: number, scope: QuestionScope): Promise<CustomQuestionSection[]> {
  return (await sectionsForScopes(db, clientId, [scope]))(scope);
}

/** A schedule's question scope (its category and the category's parent). */
export async function scopeOfSchedule(
  db: Conn,
  clientId: number,
  scheduleId: number,
  occurrenceIds: string[] = [],
): Promise<QuestionScope> {
  const [row] = await db
    .select({ categoryId: schedules.categoryId, parentCategoryId: categories.parentId })
    .from(schedules)
    .innerJoin(categories, eq(categories.id, schedules.categoryId))
    .where(and(eq(schedules.id, scheduleId), eq(schedules.clientId, clientId)));
  if (!row) throw new AppError('not_found');
  return { scheduleId, categoryId: row.categoryId, parentCategoryId: row.parentCategoryId, occurrenceIds };
}

export interface KeptAnswers {
  answers: CustomQuestionAnswer[];
  answerSections: AnsweredSection[];
}

/**
 * Checks answers against the sections asked and returns them typed, with the sections as the booking shows them
 * back; any refusal is a 422 keyed `<prefix>custom_question_answers.<question id>`, which the web maps onto the field.
 */
export function requireAnswers(sections: CustomQuestionSection[], given: CustomQuestionAnswer[], prefix = ''): KeptAnswers {
  const { answers, errors } = checkAnswers(sections, given);
  const keys = Object.entries(errors);
  if (keys.length > 0) throw fieldError(Object.fromEntries(keys.map(([id, m]) => [`${prefix}custom_question_answers.${id}`, [m]])));
  return { answers, answerSections: answeredSections(sections, answers) };
}

/** The question scope of each line of a basket that books something (sessions, courses and camps). */
export async function lineScopes(tx: Conn, items: CartItemRow[]): Promise<Map<number, QuestionScope>> {
  const booked = items.filter((i) => i.kind === 'av2_booking' || i.kind === 'av2_booking_bundle');
  const sessionIds = booked.map((i) => i.occurrenceId).filter((id): id is string => id !== null);
  const rows = sessionIds.length
    ? await tx
        .select({
          id: occurrences.id,
          scheduleId: occurrences.scheduleId,
          categoryId: occurrences.categoryId,
          parentId: categories.parentId,
        })
        .from(occurrences)
        .innerJoin(categories, eq(categories.id, occurrences.categoryId))
        .where(inArray(occurrences.id, sessionIds))
    : [];
  const out = new Map<number, QuestionScope>();
  for (const item of booked) {
    const o = rows.find((r) => r.id === item.occurrenceId);
    if (!o) continue;
    const ids = item.kind === 'av2_booking_bundle' ? [] : [o.id];
    out.set(item.id, { scheduleId: o.scheduleId, categoryId: o.categoryId, parentCategoryId: o.parentId, occurrenceIds: ids });
  }
  return out;
}

/**
 * The question sections each basket line asks, by line id, read in one statement (two when any are asked) from what
 * the basket view already has of each line's session: a single session's own sections too, a course's or camp's
 * without its sessions' (decision 080). Lines that book nothing ask nothing.
 */
export async function sectionsOfLines(
  db: Conn,
  clientId: number,
  lines: {
    item: Pick<CartItemRow, 'id' | 'kind' | 'occurrenceId'>;
    scheduleId: number | null;
    categoryId: number | null;
    parentCategoryId: number | null;
  }[],
): Promise<Map<number, CustomQuestionSection[]>> {
  const scopes = new Map<number, QuestionScope>();
  for (const l of lines) {
    if (l.item.kind !== 'av2_booking' && l.item.kind !== 'av2_booking_bundle') continue;
    if (l.scheduleId === null || l.categoryId === null || l.item.occurrenceId === null) continue;
    scopes.set(l.item.id, {
      scheduleId: l.scheduleId,
      categoryId: l.categoryId,
      parentCategoryId: l.parentCategoryId,
      occurrenceIds: l.item.kind === 'av2_booking' ? [l.item.occurrenceId] : [],
    });
  }
  if (scopes.size === 0) return new Map();
  const of = await sectionsForScopes(db, clientId, [...scopes.values()]);
  return new Map([...scopes].map(([id, scope]) => [id, of(scope)]));
}

/** Missing required answers on a basket's lines (answers to sessions come after the add), by line. */
export async function unansweredLines(tx: Conn, clientId: number, items: CartItemRow[]): Promise<Record<string, string[]>> {
  const scopes = await lineScopes(tx, items);
  if (scopes.size === 0) return {};
  const of = await sectionsForScopes(tx, clientId, [...scopes.values()]);
  const errors: Record<string, string[]> = {};
  for (const item of items) {
    const scope = scopes.get(item.id);
    if (!scope) continue;
    const sections = of(scope);
    // An answer to a question the operator has since taken away is not the customer's to fix: it is left out of the
    // check (the line keeps it as it was answered) rather than blocking the payment.
    const asked = new Set(sections.flatMap((s) => s.questions.flatMap((q) => [q.id, ...q.questions.map((child) => child.id)])));
    const given = ((item.options.answers as CustomQuestionAnswer[] | undefined) ?? []).filter((a) => asked.has(a.custom_question_id));
    for (const [id, message] of Object.entries(checkAnswers(sections, given).errors)) {
      errors[`items.${item.id}.custom_question_answers.${id}`] = [message];
    }
  }
  return errors;
}
