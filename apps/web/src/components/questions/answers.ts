import type { CustomQuestionSection } from '@app/contracts';
import { type AnswerValue, answerableQuestions, answerError, type FormValue, toAnswer } from '@app/domain';
import { isApiError } from '../../lib/api';

/** The form's values by question id, as the fields hold them (strings from inputs, ids from pickers, booleans). */
export type QuestionValues = Record<number, FormValue>;
/** A message by question id. */
export type QuestionErrors = Record<number, string>;

/** The sections as the API sends them through the camelising client (the same shape: no field has two words). */
export type Sections = CustomQuestionSection[];

/** Why each answer is refused now (doc 2, section 5), by the same pure rule the server applies. */
export function questionErrors(sections: Sections, values: QuestionValues): QuestionErrors {
  const errors: QuestionErrors = {};
  for (const q of answerableQuestions(sections)) {
    const error = answerError(q, toAnswer(q, values[q.id]));
    if (error) errors[q.id] = error;
  }
  return errors;
}

/** The answers to send: typed per doc 2's table, empty optional answers left out. */
export function answersToSend(sections: Sections, values: QuestionValues): { customQuestionId: number; answer: AnswerValue }[] {
  return answerableQuestions(sections).flatMap((q) => {
    const answer = toAnswer(q, values[q.id]);
    return answer === undefined ? [] : [{ customQuestionId: q.id, answer }];
  });
}

/**
 * Doc 2, section 8: a 422 on the add maps each key containing custom_question_answers onto the question whose id is
 * the key's last part; the first message shows on that field. Other keys are left to the caller.
 */
export function questionErrorsFrom(error: unknown): QuestionErrors {
  if (!isApiError(error) || error.status !== 422) return {};
  const errors: QuestionErrors = {};
  for (const [key, messages] of Object.entries(error.fieldErrors)) {
    if (!key.includes('custom_question_answers')) continue;
    const id = Number(key.split('.').at(-1));
    const first = messages[0];
    if (Number.isInteger(id) && first && errors[id] === undefined) errors[id] = first;
  }
  return errors;
}
