import type { OwnedQuestionSection, QuestionSectionCreateBody, QuestionSectionOwner } from '@app/contracts';
import { questionSetupMessages } from '@app/contracts';
import { numberOptions, questionSetupErrors } from '@app/domain';
import { and, eq } from 'drizzle-orm';
import type { Conn } from '../../db/client';
import { categories, customQuestionSections, customQuestions, occurrences, schedules } from '../../db/schema';
import type { AuthedCtx } from '../../http/context';
import { fieldError, notFound } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { sectionsOf } from './queries';

/**
 * Staff setup of custom questions (decision 150): a section with its questions is written for exactly one schedule,
 * activity (category) or session of the staff member's client, listed per owner, and deleted. There is no edit: a
 * section is replaced by deleting it and writing it again, which is safe because a booking keeps the questions it
 * was asked as text with its answers (decision 080), and a basket's answers to questions no longer asked are dropped
 * at checkout.
 */

const invalid = 'The selected value is invalid.';

function oneOwner(o: QuestionSectionOwner): QuestionSectionOwner {
  const given = [o.schedule_id, o.category_id, o.occurrence_id].filter((v) => v !== undefined);
  if (given.length !== 1) throw fieldError({ schedule_id: [questionSetupMessages.oneOwner] });
  return o;
}

/** The owner must be the client's: another client's (or no) schedule, category or session is refused on its field. */
async function checkOwner(db: Conn, clientId: number, o: QuestionSectionOwner): Promise<void> {
  const found =
    o.schedule_id !== undefined
      ? await db
          .select({ id: schedules.id })
          .from(schedules)
          .where(and(eq(schedules.id, o.schedule_id), eq(schedules.clientId, clientId)))
      : o.category_id !== undefined
        ? await db
            .select({ id: categories.id })
            .from(categories)
            .where(and(eq(categories.id, o.category_id), eq(categories.clientId, clientId)))
        : await db
            .select({ id: occurrences.id })
            .from(occurrences)
            .where(and(eq(occurrences.id, o.occurrence_id as string), eq(occurrences.clientId, clientId)));
  if (found.length === 0) {
    const field = o.schedule_id !== undefined ? 'schedule_id' : o.category_id !== undefined ? 'category_id' : 'occurrence_id';
    throw fieldError({ [field]: [invalid] });
  }
}

export async function listQuestionSections(c: AuthedCtx, query: QuestionSectionOwner): Promise<OwnedQuestionSection[]> {
  const o = oneOwner(query);
  const rows = await sectionsOf(c.db, c.client.id, {
    ...(o.schedule_id !== undefined ? { scheduleIds: [o.schedule_id] } : {}),
    ...(o.category_id !== undefined ? { categoryIds: [o.category_id] } : {}),
    ...(o.occurrence_id !== undefined ? { occurrenceIds: [o.occurrence_id] } : {}),
  });
  return rows.map(({ owner, ...s }) => ({
    ...s,
    schedule_id: owner.scheduleId,
    category_id: owner.categoryId,
    occurrence_id: owner.occurrenceId,
  }));
}

async function oneSection(c: AuthedCtx, id: number): Promise<OwnedQuestionSection> {
  const [row] = await c.db
    .select()
    .from(customQuestionSections)
    .where(and(eq(customQuestionSections.id, id), eq(customQuestionSections.clientId, c.client.id)));
  if (!row) throw notFound();
  const owner = {
    ...(row.scheduleId !== null ? { schedule_id: row.scheduleId } : {}),
    ...(row.categoryId !== null ? { category_id: row.categoryId } : {}),
    ...(row.occurrenceId !== null ? { occurrence_id: row.occurrenceId } : {}),
  };
  const found = (await listQuestionSections(c, owner)).find((s) => s.id === id);
  if (!found) throw notFound();
  return found;
}

export async function createQuestionSection(c: AuthedCtx, body: QuestionSectionCreateBody): Promise<OwnedQuestionSection> {
  const owner = oneOwner(body);
  const errors = questionSetupErrors(body.questions);
  if (Object.keys(errors).length > 0) throw fieldError(Object.fromEntries(Object.entries(errors).map(([k, m]) => [k, [m]])));
  await checkOwner(c.db, c.client.id, owner);
  const id = await inTransaction(c.db, async (tx) => {
    const [section] = await tx
      .insert(customQuestionSections)
      .values({
        clientId: c.client.id,
        scheduleId: owner.schedule_id ?? null,
        categoryId: owner.category_id ?? null,
        occurrenceId: owner.occurrence_id ?? null,
        title: body.title,
        description: body.description ?? null,
        position: body.position ?? 0,
      })
      .returning({ id: customQuestionSections.id });
    const sectionId = (section as { id: number }).id;
    for (const [position, q] of body.questions.entries()) {
      const [top] = await tx
        .insert(customQuestions)
        .values({
          clientId: c.client.id,
          sectionId,
          type: q.type,
          question: q.question,
          required: q.required,
          options: numberOptions(q.options),
          minLength: q.min_length ?? null,
          maxLength: q.max_length ?? null,
          position,
        })
        .returning({ id: customQuestions.id });
      if (q.questions.length === 0) continue;
      await tx.insert(customQuestions).values(
        q.questions.map((child, childPosition) => ({
          clientId: c.client.id,
          sectionId,
          groupId: (top as { id: number }).id,
          type: child.type,
          question: child.question,
          required: child.required,
          options: numberOptions(child.options),
          minLength: child.min_length ?? null,
          maxLength: child.max_length ?? null,
          position: childPosition,
        })),
      );
    }
    return sectionId;
  });
  return oneSection(c, id);
}

export async function deleteQuestionSection(c: AuthedCtx, id: number): Promise<void> {
  const gone = await c.db
    .delete(customQuestionSections)
    .where(and(eq(customQuestionSections.id, id), eq(customQuestionSections.clientId, c.client.id)))
    .returning({ id: customQuestionSections.id });
  if (gone.length === 0) throw notFound();
}
