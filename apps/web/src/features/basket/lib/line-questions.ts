import type { CustomQuestionAnswer, CustomQuestionSection } from '@app/contracts';
import { answerableQuestions, checkAnswers } from '@app/domain';
import type { QuestionValues } from '../../../components/questions/answers';
import { snakify } from '../../../lib/api';
import type { CartLine } from '../api/get-cart';

/** A line's question sections and answers as the API wrote them (the camelising client changed only their keys). */
export const sectionsOf = (line: CartLine): CustomQuestionSection[] => snakify(line.customQuestionSections) as CustomQuestionSection[];
const answersOf = (line: CartLine): CustomQuestionAnswer[] => snakify(line.customQuestionAnswers) as CustomQuestionAnswer[];

/**
 * Whether a basket line still has a required question unanswered, by the same rule checkout applies (a session's
 * questions are answered after it is added: decision 080). Checkout waits for these.
 */
export function lineNeedsAnswers(line: CartLine): boolean {
  if (line.customQuestionSections.length === 0) return false;
  const sections = sectionsOf(line);
  // An answer to a question the operator has since taken away is not the customer's to fix (checkout leaves it out).
  const asked = new Set(answerableQuestions(sections).map((q) => q.id));
  const given = answersOf(line).filter((a) => asked.has(a.custom_question_id));
  return Object.keys(checkAnswers(sections, given).errors).length > 0;
}

/** The form's starting values: what the line already answered. */
export const valuesOf = (line: CartLine): QuestionValues =>
  Object.fromEntries(line.customQuestionAnswers.map((a) => [a.customQuestionId, a.answer]));
