import { questionSetupMessages as m, type TopQuestionDefinition } from '@app/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { numberOptions, questionSetupErrors } from './question-setup';

const q = (over: Partial<TopQuestionDefinition>): TopQuestionDefinition => ({
  type: 'text',
  question: 'Q',
  required: false,
  options: [],
  questions: [],
  ...over,
});

describe('a question as the operator writes it', () => {
  it('accepts every type the spec names, written as it can be answered', () => {
    expect(
      questionSetupErrors([
        q({ type: 'text', min_length: 5, max_length: 100 }),
        q({ type: 'textarea', max_length: 500 }),
        q({ type: 'long_text' }),
        q({ type: 'number', required: true }),
        q({ type: 'select', options: ['Beginner', 'Improver'] }),
        q({ type: 'radio', options: ['Yes', 'No'] }),
        q({ type: 'multi_select', options: ['Mon', 'Tue'] }),
        q({ type: 'checkbox' }),
        q({ type: 'checkbox', options: ['Morning', 'Afternoon'] }),
        q({ type: 'date' }),
        q({ type: 'group', questions: [q({ type: 'text' }), q({ type: 'date', required: true })] }),
      ]),
    ).toEqual({});
  });

  it('refuses choices without options, options where nothing is chosen, and repeated options', () => {
    expect(
      questionSetupErrors([q({ type: 'select' }), q({ type: 'date', options: ['x'] }), q({ type: 'radio', options: ['Yes', ' yes'] })]),
    ).toEqual({
      'questions.0.options': m.needsOptions,
      'questions.1.options': m.noOptions,
      'questions.2.options': m.optionsDiffer,
    });
  });

  it('takes lengths on free text only, the minimum no more than the maximum', () => {
    expect(questionSetupErrors([q({ type: 'number', max_length: 3 }), q({ type: 'text', min_length: 9, max_length: 3 })])).toEqual({
      'questions.0.max_length': m.lengthOnlyForText,
      'questions.1.min_length': m.minOverMax,
    });
  });

  it('keeps groups one level deep, holding questions, never required', () => {
    expect(
      questionSetupErrors([
        q({ type: 'group' }),
        q({ type: 'text', questions: [q({ type: 'text' })] }),
        q({ type: 'group', required: true, questions: [q({ type: 'group' })] }),
      ]),
    ).toEqual({
      'questions.0.questions': m.groupNeedsQuestions,
      'questions.1.questions': m.onlyGroupsHoldQuestions,
      'questions.2.required': m.groupNotRequired,
      'questions.2.questions.0.type': m.noGroupInGroup,
    });
  });

  it('numbers options 1..n in the order written, so every id is unique within its question', () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { maxLength: 50 }), (values) => {
        const options = numberOptions(values);
        expect(options.map((o) => o.value)).toEqual(values);
        expect(new Set(options.map((o) => o.id)).size).toBe(values.length);
        expect(options.every((o, i) => o.id === i + 1)).toBe(true);
      }),
    );
  });
});
