import { z } from './zod-setup';

/**
 * Custom questions (doc 2, "Custom question section" and "Question"). The online form names text, textarea, number,
 * select, multi_select, checkbox, radio and date; the schedule API adds long_text and group. Both readings are
 * accepted: long_text is answered as a textarea is, and a group is a heading over the questions in it, answered one
 * by one, never itself (docs/decisions/080-custom-questions.md).
 */
export const customQuestionTypes = [
  'text',
  'textarea',
  'long_text',
  'number',
  'select',
  'radio',
  'multi_select',
  'checkbox',
  'date',
  'group',
] as const;
export const customQuestionType = z.enum(customQuestionTypes);
export type CustomQuestionType = z.infer<typeof customQuestionType>;

/** The types a customer answers (every type but group). */
export type AnswerableQuestionType = Exclude<CustomQuestionType, 'group'>;

/** The longest answer a free-text question takes when the operator sets no limit. */
export const defaultAnswerLengths: Record<'text' | 'textarea' | 'long_text', number> = { text: 255, textarea: 2000, long_text: 2000 };

export const customQuestionOption = z.object({ id: z.number().int(), value: z.string() });
export type CustomQuestionOption = z.infer<typeof customQuestionOption>;

const questionFields = {
  id: z.number().int(),
  type: customQuestionType,
  question: z.string(),
  required: z.boolean(),
  /** Choices of select, radio, multi_select and checkbox with options; the option id is what is answered. */
  options: z.array(customQuestionOption),
  position: z.number().int(),
  /** Free text: the fewest and most characters an answer may have (max_length also drives the character counter). */
  min_length: z.number().int().nullable(),
  max_length: z.number().int().nullable(),
};

export const customQuestionLeaf = z.object(questionFields);
/** A question; a group carries the questions it heads in `questions` (one level deep), every other type `[]`. */
export const customQuestion = z.object({ ...questionFields, questions: z.array(customQuestionLeaf) });
export type CustomQuestion = z.infer<typeof customQuestion>;

export const customQuestionSection = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  position: z.number().int(),
  questions: z.array(customQuestion),
});
export type CustomQuestionSection = z.infer<typeof customQuestionSection>;

/** Doc 2's answer: the question's id and a string, a YYYY-MM-DD date, a number, numbers, or a boolean. */
export const customQuestionAnswer = z.object({
  custom_question_id: z.number().int().min(1),
  answer: z.union([z.string(), z.number(), z.boolean(), z.array(z.number())]),
});
export type CustomQuestionAnswer = z.infer<typeof customQuestionAnswer>;

/** POST activities/{id}/questions/answers and activities/occurrences/{id}/questions/answers. */
export const questionAnswersBody = z.object({
  answers: z.array(customQuestionAnswer).max(200),
  selected_user_id: z.number().int().min(1).optional(),
  source: z.string().min(1).max(64).optional(),
});
export type QuestionAnswersBody = z.infer<typeof questionAnswersBody>;

/** POST activities/cart/{cartId}/questions: answers for the basket's lines, each naming its line. */
export const cartQuestionsBody = z.object({
  answers: z.array(customQuestionAnswer.extend({ cart_item_id: z.number().int().min(1) })).max(500),
  selected_user_id: z.number().int().min(1).optional(),
});
export type CartQuestionsBody = z.infer<typeof cartQuestionsBody>;
export const cartQuestionsParams = z.object({ cartId: z.coerce.number().int().min(1).max(2147483647) });

/**
 * An answered question as a booking bundle shows it back: simple types and dates in `answer` (the text, the chosen
 * option's value, 'YYYY-MM-DD', 'Yes'/'No' for a checkbox without options), multi_select in `answers`.
 */
export const answeredQuestion = z.object({
  id: z.number().int(),
  type: customQuestionType,
  question: z.string(),
  answer: z.string().nullable(),
  answers: z.array(z.string()).nullable(),
});
export type AnsweredQuestion = z.infer<typeof answeredQuestion>;

export const answeredSection = z.object({
  title: z.string(),
  description: z.string().nullable(),
  position: z.number().int(),
  questions: z.array(answeredQuestion),
});
export type AnsweredSection = z.infer<typeof answeredSection>;

/** Question messages the spec does not word (ours; the spec's are questionMessages in messages.ts). */
export const questionOurMessages = {
  notANumber: 'Please enter a number',
  notAsked: 'This question is not asked for this booking.',
  answeredTwice: 'This question is answered more than once.',
  noLineForAnswers: 'There is nothing in your basket these answers are for.',
} as const;

/** The spec's generic length messages ('Must contain at least/at most/exactly N character(s)'). */
export const lengthMessages = {
  atLeast: (n: number) => `Must contain at least ${n} character(s)`,
  atMost: (n: number) => `Must contain at most ${n} character(s)`,
  exactly: (n: number) => `Must contain exactly ${n} character(s)`,
} as const;

/** The spec's text area counter. */
export const characterCount = (n: number, max: number) => `Character count: ${n}/${max}`;
