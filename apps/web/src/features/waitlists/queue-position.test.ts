import { describe, expect, it } from 'vitest';
import { ordinal } from './queue-position';

describe('a place in the queue, in en-GB', () => {
  it('uses st, nd and rd after 1, 2 and 3, and th for the teens', () => {
    expect([1, 2, 3, 4, 10, 11, 12, 13, 14, 21, 22, 23, 101, 111, 112, 113, 121].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '10th',
      '11th',
      '12th',
      '13th',
      '14th',
      '21st',
      '22nd',
      '23rd',
      '101st',
      '111th',
      '112th',
      '113th',
      '121st',
    ]);
  });
});
