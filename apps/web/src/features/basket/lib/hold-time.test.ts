import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crossedThreshold, formatCountdown, secondsLeft } from './hold-time';

describe('the hold countdown arithmetic', () => {
  it('reads like a clock', () => {
    expect(formatCountdown(899)).toBe('14:59');
    expect(formatCountdown(60)).toBe('1:00');
    expect(formatCountdown(5)).toBe('0:05');
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(-3)).toBe('0:00');
    expect(formatCountdown(3725)).toBe('1:02:05');
  });

  it('rounds the time left up and never below zero', () => {
    const end = '2030-01-01T10:15:00.000Z';
    const at = Date.parse(end);
    expect(secondsLeft(end, at - 900_000)).toBe(900);
    expect(secondsLeft(end, at - 899_001)).toBe(900);
    expect(secondsLeft(end, at - 1)).toBe(1);
    expect(secondsLeft(end, at)).toBe(0);
    expect(secondsLeft(end, at + 5000)).toBe(0);
  });

  it('announces 5 minutes, 1 minute and the end once each as the clock falls', () => {
    expect(crossedThreshold(301, 300)).toBe('fiveMinutes');
    expect(crossedThreshold(300, 299)).toBeNull();
    expect(crossedThreshold(61, 60)).toBe('oneMinute');
    expect(crossedThreshold(1, 0)).toBe('expired');
    expect(crossedThreshold(0, 0)).toBeNull();
    // A tab asleep for a while skips past several: the most urgent one is said.
    expect(crossedThreshold(400, 30)).toBe('oneMinute');
    expect(crossedThreshold(400, 0)).toBe('expired');
  });

  it('says each threshold exactly once on any second-by-second run down', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2000 }), (start) => {
        const said: string[] = [];
        for (let s = start; s > 0; s--) {
          const crossed = crossedThreshold(s, s - 1);
          if (crossed) said.push(crossed);
        }
        const expected = [start > 300 ? 'fiveMinutes' : null, start > 60 ? 'oneMinute' : null, start > 0 ? 'expired' : null];
        expect(said).toEqual(expected.filter(Boolean));
      }),
    );
  });
});
