import { INT32_MAX } from './input';
import { customQuestionTypes } from './question-vocabulary';
import { z } from './zod-setup';

// The questions' plain values (types, lengths, messages) are in question-vocabulary.ts (decision 294).

export const customQuestionType = z.enum(customQuestionTypes);
export type CustomQuestionType = z.infer<typeof customQuestionType>;

/** The types a customer answers (every type but group). */
export type AnswerableQuestionType = Exclude<CustomQuestionType, 'group'>;

export const customQuestionOption = z.object({ id: z.int32(), value: z.string() });
export type CustomQuestionOption = z.infer<typeof customQuestionOption>;

const questionFields = {
  id: z.int32(),
  type: customQuestionType,
  question: z.string(),
  required: z.boolean(),
  /** Choices of select, radio, multi_select and checkbox with options; the option id is what is answered. */
  options: z.array(customQuestionOption),
  position: z.int32(),
  /** Free text: the fewest and most characters an answer may have (max_length also drives the character counter). */
  min_length: z.int32().nullable(),
  max_length: z.int32().nullable(),
};

export const customQuestionLeaf = z.object(questionFields);
/** A question; a group carries the questions it heads in `questions` (one level deep), every other type `[]`. */
export const customQuestion = z.object({ ...questionFields, questions: z.array(customQuestionLeaf) });
export type CustomQuestion = z.infer<typeof customQuestion>;

export const customQuestionSection = z.object({
  id: z.int32(),
  title: z.string(),
  description: z.string().nullable(),
  position: z.int32(),
  questions: z.array(customQuestion),
});
export type CustomQuestionSection = z.infer<typeof customQuestionSection>;

/** Doc 2's answer: the question's id and a string, a YYYY-MM-DD date, a number, numbers, or a boolean. */
export const customQuestionAnswer = z.object({
  custom_question_id: z.int32().min(1),
  answer: z.union([z.string(), z.number(), z.boolean(), z.array(z.number())]),
});
export type CustomQuestionAnswer = z.infer<typeof customQuestionAnswer>;

/** POST activities/{id}/questions/answers and activities/occurrences/{id}/questions/answers. */
export const questionAnswersBody = z.object({
  answers: z.array(customQuestionAnswer).max(200),
  selected_user_id: z.int32().min(1).optional(),
  source: z.string().min(1).max(64).optional(),
});
export type QuestionAnswersBody = z.infer<typeof questionAnswersBody>;

/** POST activities/cart/{cartId}/questions: answers for the basket's lines, each naming its line. */
export const cartQuestionsBody = z.object({
  answers: z.array(customQuestionAnswer.extend({ cart_item_id: z.int32().min(1) })).max(500),
  selected_user_id: z.int32().min(1).optional(),
});
export type CartQuestionsBody = z.infer<typeof cartQuestionsBody>;
export const cartQuestionsParams = z.object({ cartId: z.coerce.number().int().min(1).max(INT32_MAX) });

/**
 * An answered question as a booking bundle shows it back: simple types and dates in `answer` (the text, the chosen
 * option's value, 'YYYY-MM-DD', 'Yes'/'No' for a checkbox without options), multi_select in `answers`.
 */
export const answeredQuestion = z.object({
  id: z.int32(),
  type: customQuestionType,
  question: z.string(),
  answer: z.string().nullable(),
  answers: z.array(z.string()).nullable(),
});
export type AnsweredQuestion = z.infer<typeof answeredQuestion>;

export const answeredSection = z.object({
  title: z.string(),
  description: z.string().nullable(),
  position: z.int32(),
  questions: z.array(answeredQuestion),
});
export type AnsweredSection = z.infer<typeof answeredSection>;

/**
 * Staff setup of questions (decision 150). A question as the operator writes it: option ids are not chosen by the
 * operator but numbered 1..n in the order given, so they are unique within the question.
 */
export const questionDefinition = z.object({
  type: customQuestionType,
  question: z.string().trim().min(1).max(1000),
  required: z.boolean().default(false),
  options: z.array(z.string().trim().min(1).max(255)).max(50).default([]),
  min_length: z.int32().min(0).max(10_000).nullable().optional(),
  max_length: z.int32().min(1).max(10_000).nullable().optional(),
});
export type QuestionDefinition = z.infer<typeof questionDefinition>;
/** A top-level question; a group carries its questions (one level deep). */
export const topQuestionDefinition = questionDefinition.extend({ questions: z.array(questionDefinition).max(50).default([]) });
export type TopQuestionDefinition = z.infer<typeof topQuestionDefinition>;

/** What a section is asked for: exactly one of a schedule (course, camp or any), an activity (category), a session. */
export const questionSectionOwner = z.object({
  schedule_id: z.int32().min(1).optional(),
  category_id: z.int32().min(1).optional(),
  occurrence_id: z.string().min(1).max(64).optional(),
});
export type QuestionSectionOwner = z.infer<typeof questionSectionOwner>;

export const questionSectionCreateBody = questionSectionOwner.extend({
  title: z.string().trim().min(1).max(255),
  description: z.string().trim().max(2000).nullable().optional(),
  position: z.int32().min(0).max(1000).optional(),
  questions: z.array(topQuestionDefinition).min(1).max(50),
});
export type QuestionSectionCreateBody = z.infer<typeof questionSectionCreateBody>;

export const questionSectionsQuery = z.object({
  schedule_id: z.coerce.number().int().min(1).max(INT32_MAX).optional(),
  category_id: z.coerce.number().int().min(1).max(INT32_MAX).optional(),
  occurrence_id: z.string().min(1).max(64).optional(),
});

/** A section as staff see it: with what it is asked for. */
export const ownedQuestionSection = customQuestionSection.extend({
  schedule_id: z.int32().nullable(),
  category_id: z.int32().nullable(),
  occurrence_id: z.string().nullable(),
});
export type OwnedQuestionSection = z.infer<typeof ownedQuestionSection>;
