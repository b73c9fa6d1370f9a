import {
  type AnsweredQuestion,
  type AnsweredSection,
  type CustomQuestion,
  type CustomQuestionAnswer,
  type CustomQuestionSection,
  customQuestionTypes,
  defaultAnswerLengths,
  lengthMessages,
  ourMessages,
  questionMessages,
  questionOurMessages,
} from '@app/contracts';

/**
 * Custom questions: how an answer is typed (doc 2's answer table), whether it is valid for its question (doc 2,
 * section 5), and how it reads back on a booking. The web form and the API use these same functions, so a form that
 * passes here is accepted by the server and a refusal names the same words.
 */

export type AnswerValue = string | number | boolean | number[];
/** What a form field holds before it is typed: inputs give strings, pickers ids, a checkbox a boolean. */
export type FormValue = string | number | boolean | number[] | null | undefined;

type Rule = Pick<CustomQuestion, 'id' | 'type' | 'required' | 'options' | 'min_length' | 'max_length'>;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD (no 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1) return false;
  const days = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  return d <= days;
}

/** A checkbox with options is answered with an option id; one without, with a boolean. */
export const hasOptions = (q: Pick<Rule, 'type' | 'options'>) =>
  q.type === 'select' || q.type === 'radio' || q.type === 'multi_select' || (q.type === 'checkbox' && q.options.length > 0);

/** The most characters a free-text answer may have: the operator's limit, else the type's default. */
export function maxLengthOf(q: Pick<Rule, 'type' | 'max_length'>): number | null {
  if (q.type !== 'text' && q.type !== 'textarea' && q.type !== 'long_text') return null;
  return q.max_length ?? defaultAnswerLengths[q.type];
}

/** Nothing given: optional questions take it (and the form does not send it). */
export function isEmptyAnswer(value: FormValue): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'boolean') return value === false;
  return false;
}

/**
 * The answer a form value stands for, typed per doc 2 (string for text and textarea; YYYY-MM-DD for a date; a
 * number for number, select, radio and a checkbox with options; numbers for multi_select; a boolean for a checkbox
 * without options), or undefined when it is empty and so is not sent. A value that cannot be typed is returned as
 * it is, for the validation to refuse.
 */
export function toAnswer(q: Rule, value: FormValue): AnswerValue | undefined {
  if (isEmptyAnswer(value)) return undefined;
  const v = value as AnswerValue;
  switch (q.type) {
    case 'text':
    case 'textarea':
    case 'long_text':
      return typeof v === 'string' ? v.trim() : v;
    case 'date':
      return typeof v === 'string' ? v.trim() : v;
    case 'number':
      return typeof v === 'string' && Number.isFinite(Number(v.trim())) ? Number(v.trim()) : v;
    case 'select':
    case 'radio':
      return typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
    case 'checkbox':
      if (q.options.length === 0) return v;
      return typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
    case 'multi_select':
      return Array.isArray(v) ? v.map(Number) : v;
    default:
      return v;
  }
}

const requiredMessageOf = (q: Rule): string => {
  switch (q.type) {
    case 'select':
    case 'radio':
      return questionMessages.selectOption;
    case 'multi_select':
      return questionMessages.selectAtLeastOne;
    case 'checkbox':
      return q.options.length > 0 ? questionMessages.selectOption : questionMessages.required;
    case 'date':
      return questionMessages.selectDate;
    default:
      return questionMessages.required;
  }
};

function lengthError(q: Rule, text: string): string | null {
  const n = [...text].length;
  const min = q.min_length ?? null;
  const max = maxLengthOf(q);
  if (min !== null && max !== null && min === max && n !== min) return lengthMessages.exactly(min);
  if (min !== null && n < min) return lengthMessages.atLeast(min);
  if (max !== null && n > max) return lengthMessages.atMost(max);
  return null;
}

/**
 * Why an answer is refused for its question, or null when it is accepted. `answer` is the typed answer (toAnswer);
 * undefined means none was given. A group is never answered.
 */
export function answerError(q: Rule, answer: AnswerValue | undefined): string | null {
  if (q.type === 'group') return questionOurMessages.notAsked;
  // A type this product does not know cannot be answered: a required one says so (doc 2's message) rather than
  // asking for an answer no field can give; an optional one left alone is fine.
  const known = (customQuestionTypes as readonly string[]).includes(q.type);
  const empty = answer === undefined || isEmptyAnswer(answer);
  if (!known) return empty && !q.required ? null : questionMessages.unsupportedType(String(q.type));
  if (empty) return q.required ? requiredMessageOf(q) : null;
  const optionIds = new Set(q.options.map((o) => o.id));
  switch (q.type) {
    case 'text':
    case 'textarea':
    case 'long_text':
      return typeof answer === 'string' ? lengthError(q, answer) : ourMessages.invalidValue;
    case 'number':
      return typeof answer === 'number' && Number.isFinite(answer) ? null : questionOurMessages.notANumber;
    case 'date':
      return typeof answer === 'string' && isCalendarDate(answer) ? null : questionMessages.selectDate;
    case 'select':
    case 'radio':
      return typeof answer === 'number' && optionIds.has(answer) ? null : questionMessages.selectOption;
    case 'checkbox':
      if (q.options.length === 0)
        return answer === true ? null : typeof answer === 'boolean' ? requiredMessageOf(q) : ourMessages.invalidValue;
      return typeof answer === 'number' && optionIds.has(answer) ? null : questionMessages.selectOption;
    case 'multi_select':
      return Array.isArray(answer) &&
        answer.every((id) => typeof id === 'number' && optionIds.has(id)) &&
        new Set(answer).size === answer.length
        ? null
        : questionMessages.selectAtLeastOne;
    default:
      return questionMessages.unsupportedType(String((q as { type: string }).type));
  }
}

/** Every question a customer answers in these sections, groups opened up, in the order they are shown. */
export function answerableQuestions(sections: CustomQuestionSection[]): CustomQuestion[] {
  const bySort = <T extends { position: number; id: number }>(a: T, b: T) => a.position - b.position || a.id - b.id;
  return [...sections]
    .sort(bySort)
    .flatMap((s) => [...s.questions].sort(bySort))
    .flatMap((q) => (q.type === 'group' ? [...q.questions].sort(bySort).map((c) => ({ ...c, questions: [] })) : [q]));
}

export interface CheckedAnswers {
  /** The accepted answers, typed, without empty ones, in question order. */
  answers: CustomQuestionAnswer[];
  /** Refusals by question id (the key the web maps back onto the field). */
  errors: Record<number, string>;
}

/**
 * Checks a set of answers against the questions they are for: every required question answered, every answer
 * valid for its question, none for a question not asked and none twice. Empty answers to optional questions are
 * dropped, as the form would not have sent them.
 */
export function checkAnswers(
  sections: CustomQuestionSection[],
  given: { custom_question_id: number; answer: AnswerValue }[],
): CheckedAnswers {
  const questions = answerableQuestions(sections);
  const asked = new Map(questions.map((q) => [q.id, q]));
  const errors: Record<number, string> = {};
  const byId = new Map<number, AnswerValue>();
  for (const a of given) {
    if (!asked.has(a.custom_question_id)) errors[a.custom_question_id] = questionOurMessages.notAsked;
    else if (byId.has(a.custom_question_id)) errors[a.custom_question_id] = questionOurMessages.answeredTwice;
    else byId.set(a.custom_question_id, a.answer);
  }
  const answers: CustomQuestionAnswer[] = [];
  for (const q of questions) {
    if (errors[q.id]) continue;
    const typed = toAnswer(q, byId.get(q.id));
    const error = answerError(q, typed);
    if (error) errors[q.id] = error;
    else if (typed !== undefined) answers.push({ custom_question_id: q.id, answer: typed });
  }
  return { answers, errors };
}

/** How an answer reads back on a booking (doc 2's bundle: simple and date in `answer`, multi_select in `answers`). */
export function readBack(q: CustomQuestion, answer: AnswerValue | undefined): AnsweredQuestion {
  const optionText = (id: number) => q.options.find((o) => o.id === id)?.value ?? String(id);
  const base = { id: q.id, type: q.type, question: q.question };
  if (answer === undefined) {
    // An optional checkbox left unticked is not sent; on the booking it reads as the customer left it.
    if (q.type === 'checkbox' && q.options.length === 0) return { ...base, answer: 'No', answers: null };
    return { ...base, answer: null, answers: q.type === 'multi_select' ? [] : null };
  }
  if (q.type === 'multi_select') return { ...base, answer: null, answers: (answer as number[]).map(optionText) };
  if (hasOptions(q)) return { ...base, answer: optionText(answer as number), answers: null };
  if (typeof answer === 'boolean') return { ...base, answer: answer ? 'Yes' : 'No', answers: null };
  return { ...base, answer: String(answer), answers: null };
}

/** The sections with each question's answer, as a booking bundle keeps them (a snapshot: later edits do not move it). */
export function answeredSections(sections: CustomQuestionSection[], answers: CustomQuestionAnswer[]): AnsweredSection[] {
  const given = new Map(answers.map((a) => [a.custom_question_id, a.answer]));
  const open = (qs: CustomQuestion[]) => answerableQuestions([{ id: 0, title: '', description: null, position: 0, questions: qs }]);
  return [...sections]
    .sort((a, b) => a.position - b.position || a.id - b.id)
    .map((s) => ({
      title: s.title,
      description: s.description,
      position: s.position,
      questions: open(s.questions).map((q) => readBack(q, given.get(q.id))),
    }));
}
