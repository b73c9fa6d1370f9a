import { describe, expect, it } from 'vitest';
import { answerText } from './answer-text';

const options = [
  { id: 1, value: 'Asthma' },
  { id: 2, value: 'Diabetes' },
];

describe('answerText', () => {
  it('shows a choice by its words, several joined, a tick as yes or no, and text as typed', () => {
    expect(answerText(options, 2)).toBe('Diabetes');
    expect(answerText(options, [1, 2])).toBe('Asthma, Diabetes');
    expect(answerText([], true)).toBe('Yes');
    expect(answerText([], false)).toBe('No');
    expect(answerText([], 'Carries an inhaler')).toBe('Carries an inhaler');
  });

  it('keeps an answer whose choice has gone, and shows nothing for no answer', () => {
    expect(answerText(options, 9)).toBe('9');
    expect(answerText(options, null)).toBe('');
    expect(answerText(options, { a: 1 })).toBe('{"a":1}');
  });
});
