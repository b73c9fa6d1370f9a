import type { CustomQuestion, CustomQuestionSection, CustomQuestionType } from '@app/contracts';
import { and, asc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Conn } from '../../db/client';
import { customQuestionSections, customQuestions } from '../../db/schema';

export interface QuestionOwners {
  scheduleIds?: number[];
  categoryIds?: number[];
  occurrenceIds?: string[];
}

/** A section with what it is asked for, so callers can pick the sections of each schedule, category or session. */
export interface OwnedSection extends CustomQuestionSection {
  owner: { scheduleId: number | null; categoryId: number | null; occurrenceId: string | null };
}

/** The client's question sections asked for any of these schedules, categories or sessions, with their questions. */
export async function sectionsOf(db: Conn, clientId: number, owners: QuestionOwners): Promise<OwnedSection[]> {
  const any: SQL[] = [];
  if (owners.scheduleIds?.length) any.push(inArray(customQuestionSections.scheduleId, owners.scheduleIds));
  if (owners.categoryIds?.length) any.push(inArray(customQuestionSections.categoryId, owners.categoryIds));
  if (owners.occurrenceIds?.length) any.push(inArray(customQuestionSections.occurrenceId, owners.occurrenceIds));
  if (any.length === 0) return [];
  const sections = await db
    .select()
    .from(customQuestionSections)
    .where(and(eq(customQuestionSections.clientId, clientId), or(...any)))
    .orderBy(asc(customQuestionSections.position), asc(customQuestionSections.id));
  if (sections.length === 0) return [];
  const questions = await db
    .select()
    .from(customQuestions)
    .where(
      inArray(
        customQuestions.sectionId,
        sections.map((s) => s.id),
      ),
    )
    .orderBy(asc(customQuestions.position), asc(customQuestions.id));
  const toQuestion = (q: (typeof questions)[number]): CustomQuestion => ({
    id: q.id,
    type: q.type as CustomQuestionType,
    question: q.question,
    required: q.required,
    options: q.options,
    position: q.position,
    min_length: q.minLength,
    max_length: q.maxLength,
    questions: questions.filter((c) => c.groupId === q.id).map((c) => ({ ...toQuestion(c), questions: [] })),
  });
  return sections.map((s) => ({
    id: s.id,
    title: s.title,
    description: s.description,
    position: s.position,
    owner: { scheduleId: s.scheduleId, categoryId: s.categoryId, occurrenceId: s.occurrenceId },
    questions: questions.filter((q) => q.sectionId === s.id && q.groupId === null).map(toQuestion),
  }));
}
