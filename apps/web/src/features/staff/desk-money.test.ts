import { describe, expect, it } from 'vitest';
import { penceOf } from './desk-money';

describe('penceOf', () => {
  it('reads pounds and pence as typed at the desk', () => {
    expect(penceOf('20')).toBe(2000);
    expect(penceOf('20.5')).toBe(2050);
    expect(penceOf(' 0.05 ')).toBe(5);
    expect(penceOf('100.00')).toBe(10_000);
  });
  it('refuses what is not an amount', () => {
    for (const bad of ['', '-1', '1.234', 'abc', '1e3', '£5']) expect(penceOf(bad)).toBeNull();
  });
});
