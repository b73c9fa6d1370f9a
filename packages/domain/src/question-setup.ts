import { questionSetupMessages as m, type QuestionDefinition, type TopQuestionDefinition } from '@app/contracts';

/**
 * The operator's side of custom questions (decision 150): whether a question as written can be asked and answered.
 * The answer rules (custom-questions.ts) rely on these: a choice question has options to choose, free text alone has
 * lengths, a group holds questions and is never answered itself.
 */

const FREE_TEXT = new Set(['text', 'textarea', 'long_text']);
const NEEDS_OPTIONS = new Set(['select', 'radio', 'multi_select']);

function oneQuestionErrors(q: QuestionDefinition, path: string, inGroup: boolean): Record<string, string> {
  const errors: Record<string, string> = {};
  if (inGroup && q.type === 'group') errors[`${path}.type`] = m.noGroupInGroup;
  if (q.type === 'group' && q.required) errors[`${path}.required`] = m.groupNotRequired;
  if (NEEDS_OPTIONS.has(q.type) && q.options.length === 0) errors[`${path}.options`] = m.needsOptions;
  // A checkbox may have options (answered with one of them) or none (answered by ticking it): doc 2's answer table.
  else if (!NEEDS_OPTIONS.has(q.type) && q.type !== 'checkbox' && q.options.length > 0) errors[`${path}.options`] = m.noOptions;
  else if (new Set(q.options.map((o) => o.trim().toLowerCase())).size !== q.options.length) errors[`${path}.options`] = m.optionsDiffer;
  const min = q.min_length ?? null;
  const max = q.max_length ?? null;
  if (!FREE_TEXT.has(q.type) && (min !== null || max !== null)) errors[`${path}.max_length`] = m.lengthOnlyForText;
  else if (min !== null && max !== null && min > max) errors[`${path}.min_length`] = m.minOverMax;
  return errors;
}

/** Refusals keyed like the body (`questions.N.field`, `questions.N.questions.M.field`); empty when all can be asked. */
export function questionSetupErrors(questions: TopQuestionDefinition[]): Record<string, string> {
  let errors: Record<string, string> = {};
  questions.forEach((q, i) => {
    const path = `questions.${i}`;
    errors = { ...errors, ...oneQuestionErrors(q, path, false) };
    if (q.type === 'group' && q.questions.length === 0) errors[`${path}.questions`] = m.groupNeedsQuestions;
    if (q.type !== 'group' && q.questions.length > 0) errors[`${path}.questions`] = m.onlyGroupsHoldQuestions;
    q.questions.forEach((child, j) => {
      errors = { ...errors, ...oneQuestionErrors(child, `${path}.questions.${j}`, true) };
    });
  });
  return errors;
}

/** The options as they are kept: ids 1..n in the order written (the id is what a customer's answer names). */
export const numberOptions = (options: string[]) => options.map((value, i) => ({ id: i + 1, value }));
