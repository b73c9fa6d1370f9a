import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cardBrand, findCardNumbers, luhnValid } from './cards';

describe('luhnValid', () => {
  it('accepts well-known test numbers and refuses a changed digit', () => {
    expect(luhnValid('4242 4242 4242 4242')).toBe(true);
    expect(luhnValid('4000000000000002')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('1234')).toBe(false);
  });

  it('detects every single-digit change', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 15 }), fc.integer({ min: 1, max: 9 }), (pos, delta) => {
        const digits = '4242424242424242'.split('').map(Number);
        digits[pos] = ((digits[pos] as number) + delta) % 10;
        expect(luhnValid(digits.join(''))).toBe(false);
      }),
    );
  });
});

describe('findCardNumbers', () => {
  it('finds card numbers inside text but not other digit runs', () => {
    expect(findCardNumbers('paid with 4242424242424242 today')).toEqual(['4242424242424242']);
    expect(findCardNumbers('order 1234567890123 and time 1732262400000')).toEqual([]);
    // A fraction's digits are not a card number (a response time of 5.8608000000000038 ms).
    expect(findCardNumbers('"responseTime":5.8608000000000038')).toEqual([]);
    expect(findCardNumbers('card=4242424242424242.')).toEqual(['4242424242424242']);
    expect(findCardNumbers('{"pan":"4000000000000002","x":1}')).toEqual(['4000000000000002']);
    // Inside a hex hash: 4242424242424242 between letters is part of the hash, not a number.
    expect(findCardNumbers('"item_hash":"ab4242424242424242cd"')).toEqual([]);
  });
});

it('names card brands', () => {
  expect(cardBrand('4242')).toBe('visa');
  expect(cardBrand('5555 5555')).toBe('mastercard');
});
