import type { CustomQuestion, CustomQuestionSection } from '@app/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answerError, answeredSections, checkAnswers, isCalendarDate, toAnswer } from './custom-questions';

const q = (over: Partial<CustomQuestion> & Pick<CustomQuestion, 'type'>): CustomQuestion => ({
  id: 1,
  question: 'Q',
  required: true,
  options: [],
  position: 0,
  min_length: null,
  max_length: null,
  questions: [],
  ...over,
});
const options = [
  { id: 11, value: 'Beginner' },
  { id: 12, value: 'Improver' },
  { id: 13, value: 'Advanced' },
];

/** Types a form value and validates it, as the form and the API do. */
const check = (question: CustomQuestion, value: Parameters<typeof toAnswer>[1]) => answerError(question, toAnswer(question, value));

describe('required questions, with the words of doc 2 section 5', () => {
  it.each([
    ['text', 'This field is required'],
    ['textarea', 'This field is required'],
    ['long_text', 'This field is required'],
    ['number', 'This field is required'],
    ['select', 'Please select an option'],
    ['radio', 'Please select an option'],
    ['multi_select', 'Please select at least one option'],
    ['date', 'Please select a date'],
  ] as const)('%s left empty: %s', (type, message) => {
    const question = q({ type, options: type.includes('select') || type === 'radio' ? options : [] });
    for (const empty of [undefined, null, '', '   ', []]) expect(check(question, empty as never)).toBe(message);
  });

  it('a checkbox with options needs an option; one without must be ticked', () => {
    expect(check(q({ type: 'checkbox', options }), undefined)).toBe('Please select an option');
    expect(check(q({ type: 'checkbox' }), false)).toBe('This field is required');
    expect(check(q({ type: 'checkbox' }), true)).toBeNull();
    expect(check(q({ type: 'checkbox', required: false }), false)).toBeNull();
  });

  it('optional questions accept nothing, and empty answers are not sent', () => {
    for (const type of ['text', 'textarea', 'number', 'select', 'radio', 'multi_select', 'date', 'checkbox'] as const) {
      const question = q({ type, required: false, options: type === 'text' || type === 'number' || type === 'date' ? [] : options });
      expect(check(question, undefined)).toBeNull();
      expect(toAnswer(question, '')).toBeUndefined();
    }
    expect(
      checkAnswers([section([q({ id: 5, type: 'text', required: false })])], [{ custom_question_id: 5, answer: '  ' }]).answers,
    ).toEqual([]);
  });
});

describe('answers typed per the answer table', () => {
  it('strings for text, YYYY-MM-DD for dates, numbers for number, select and radio, number arrays for multi_select', () => {
    expect(toAnswer(q({ type: 'text' }), '  Jo Bloggs ')).toBe('Jo Bloggs');
    expect(toAnswer(q({ type: 'date' }), '2026-02-28')).toBe('2026-02-28');
    expect(toAnswer(q({ type: 'number' }), '42')).toBe(42);
    expect(toAnswer(q({ type: 'select', options }), '12')).toBe(12);
    expect(toAnswer(q({ type: 'radio', options }), 13)).toBe(13);
    expect(toAnswer(q({ type: 'multi_select', options }), [11, 13])).toEqual([11, 13]);
    expect(toAnswer(q({ type: 'checkbox', options }), '11')).toBe(11);
    expect(toAnswer(q({ type: 'checkbox' }), true)).toBe(true);
  });

  it('refuses answers of the wrong type or for options that do not exist', () => {
    expect(check(q({ type: 'select', options }), 99)).toBe('Please select an option');
    expect(check(q({ type: 'radio', options }), 'Beginner')).toBe('Please select an option');
    expect(check(q({ type: 'multi_select', options }), [11, 99])).toBe('Please select at least one option');
    expect(check(q({ type: 'multi_select', options }), [11, 11])).toBe('Please select at least one option');
    expect(check(q({ type: 'checkbox', options }), 99)).toBe('Please select an option');
    expect(check(q({ type: 'checkbox' }), 'yes')).toBe('The value is invalid.');
    expect(check(q({ type: 'text' }), 12)).toBe('The value is invalid.');
    expect(check(q({ type: 'group' }), 'x')).toBe('This question is not asked for this booking.');
  });

  it('counts characters against the min and max lengths, with the generic messages', () => {
    const text = q({ type: 'text', min_length: 3, max_length: 10 });
    expect(check(text, 'ab')).toBe('Must contain at least 3 character(s)');
    expect(check(text, 'abcdefghijk')).toBe('Must contain at most 10 character(s)');
    expect(check(text, 'abc')).toBeNull();
    expect(check(q({ type: 'text', min_length: 4, max_length: 4 }), 'abc')).toBe('Must contain exactly 4 character(s)');
    // Without a limit of the operator's, a text takes 255 characters and a text area 2000.
    expect(check(q({ type: 'text' }), 'x'.repeat(256))).toBe('Must contain at most 255 character(s)');
    expect(check(q({ type: 'textarea' }), 'x'.repeat(2000))).toBeNull();
    expect(check(q({ type: 'long_text' }), 'x'.repeat(2001))).toBe('Must contain at most 2000 character(s)');
  });
});

describe('number rules (fast-check)', () => {
  const number = q({ type: 'number' });
  it('accepts every finite number, typed or as the text an input holds', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) => {
        expect(check(number, n)).toBeNull();
        expect(toAnswer(number, String(n))).toBe(Number(String(n)));
        expect(check(number, String(n))).toBeNull();
      }),
    );
  });
  it('refuses text that is not a number, and a required number left empty', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => s.trim() !== '' && !Number.isFinite(Number(s.trim()))),
        (s) => {
          expect(check(number, s)).toBe('Please enter a number');
        },
      ),
    );
    expect(check(number, '')).toBe('This field is required');
    expect(check(number, 0)).toBeNull();
  });
});

describe('date rules (fast-check)', () => {
  const date = q({ type: 'date' });
  it('accepts every calendar date written YYYY-MM-DD', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2199-12-31T00:00:00Z'), noInvalidDate: true }), (d) => {
        const text = d.toISOString().slice(0, 10);
        expect(isCalendarDate(text)).toBe(true);
        expect(check(date, text)).toBeNull();
      }),
    );
  });
  it('refuses days a month does not have, and any other writing', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1900, max: 2199 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 29, max: 40 }), (y, m, d) => {
        const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
        const text = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
        expect(check(date, text)).toBe(d <= days ? null : 'Please select a date');
      }),
    );
    for (const bad of ['2026-2-1', '01-02-2026', '2026-13-01', '2026-00-10', '2026-01-00', 'tomorrow']) {
      expect(check(date, bad)).toBe('Please select a date');
    }
  });
});

function section(questions: CustomQuestion[], id = 1): CustomQuestionSection {
  return { id, title: 'About the swimmer', description: null, position: 0, questions };
}

describe('checking a set of answers', () => {
  const sections = [
    section([
      q({ id: 1, type: 'textarea', question: 'Medical conditions' }),
      q({ id: 2, type: 'select', question: 'Swimming level', options }),
      q({
        id: 3,
        type: 'group',
        question: 'Emergency contact',
        questions: [q({ id: 4, type: 'text', question: 'Name' }), q({ id: 5, type: 'text', question: 'Phone', required: false })],
      }),
      q({ id: 6, type: 'checkbox', question: 'Photo consent', required: false }),
    ]),
  ];

  it('keys every refusal by question id: missing, invalid, not asked, answered twice, the group itself', () => {
    const { errors } = checkAnswers(sections, [
      { custom_question_id: 2, answer: 99 },
      { custom_question_id: 5, answer: '0123' },
      { custom_question_id: 5, answer: '0456' },
      { custom_question_id: 3, answer: 'x' },
      { custom_question_id: 77, answer: 'x' },
    ]);
    expect(errors).toEqual({
      1: 'This field is required',
      2: 'Please select an option',
      3: 'This question is not asked for this booking.',
      4: 'This field is required',
      5: 'This question is answered more than once.',
      77: 'This question is not asked for this booking.',
    });
  });

  it('keeps the accepted answers typed, and reads them back on the booking', () => {
    const checked = checkAnswers(sections, [
      { custom_question_id: 1, answer: ' None ' },
      { custom_question_id: 2, answer: 12 },
      { custom_question_id: 4, answer: 'Sam Morgan' },
      { custom_question_id: 6, answer: false },
    ]);
    expect(checked.errors).toEqual({});
    expect(checked.answers).toEqual([
      { custom_question_id: 1, answer: 'None' },
      { custom_question_id: 2, answer: 12 },
      { custom_question_id: 4, answer: 'Sam Morgan' },
    ]);
    expect(answeredSections(sections, checked.answers)[0]?.questions).toEqual([
      { id: 1, type: 'textarea', question: 'Medical conditions', answer: 'None', answers: null },
      { id: 2, type: 'select', question: 'Swimming level', answer: 'Improver', answers: null },
      { id: 4, type: 'text', question: 'Name', answer: 'Sam Morgan', answers: null },
      { id: 5, type: 'text', question: 'Phone', answer: null, answers: null },
      { id: 6, type: 'checkbox', question: 'Photo consent', answer: 'No', answers: null },
    ]);
    const multi = [section([q({ id: 9, type: 'multi_select', question: 'Lunch days', options })])];
    expect(answeredSections(multi, [{ custom_question_id: 9, answer: [11, 13] }])[0]?.questions[0]?.answers).toEqual([
      'Beginner',
      'Advanced',
    ]);
  });
});

describe('a question of a type the product does not know', () => {
  const unknown = (required: boolean) => q({ type: 'signature' as never, required });
  it("says 'Unsupported question type: {type}' when it is required, answered or not", () => {
    for (const value of [undefined, '', 'drawn', true]) expect(check(unknown(true), value)).toBe('Unsupported question type: signature');
  });
  it('refuses an answer to an optional one, and lets it be left alone', () => {
    expect(check(unknown(false), 'drawn')).toBe('Unsupported question type: signature');
    expect(check(unknown(false), undefined)).toBeNull();
  });
});
