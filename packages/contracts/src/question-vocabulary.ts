/*
 * Custom questions' plain values (decision 294): the domain's question rules read these, and a page that checks a
 * basket line's answers (the basket) does not load zod for them; questions.ts builds the wire's schemas from them.
 */

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

/** The longest answer a free-text question takes when the operator sets no limit. */
export const defaultAnswerLengths: Record<'text' | 'textarea' | 'long_text', number> = { text: 255, textarea: 2000, long_text: 2000 };

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

/** Ours: refusals of a question the operator writes (the spec has no staff screens). */
export const questionSetupMessages = {
  oneOwner: 'Choose exactly one of a schedule, an activity or a session.',
  needsOptions: 'Add at least one option.',
  noOptions: 'This type of question has no options.',
  optionsDiffer: 'Each option must be different.',
  lengthOnlyForText: 'Only free-text questions take a length.',
  minOverMax: 'The minimum length cannot be more than the maximum.',
  groupNeedsQuestions: 'A group needs at least one question.',
  onlyGroupsHoldQuestions: 'Only a group holds questions.',
  noGroupInGroup: 'A group cannot hold another group.',
  groupNotRequired: 'A group is not answered, so it cannot be required.',
} as const;
