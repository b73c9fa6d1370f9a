import { describe, expect, it } from 'vitest';
import { cardExpired, sandboxBehaviour } from './sandbox-cards';

describe('sandbox test cards', () => {
  it('approves the success card and any other valid number, declines the decline card, challenges the 3-D Secure card', () => {
    expect(sandboxBehaviour('4242 4242 4242 4242')).toBe('approve');
    expect(sandboxBehaviour('4000 0000 0000 0002')).toBe('decline');
    expect(sandboxBehaviour('4000000000009995')).toBe('insufficient_funds');
    expect(sandboxBehaviour('4111111111111111')).toBe('approve');
    expect(sandboxBehaviour('4000 0000 0000 3220')).toBe('challenge');
  });
  it('calls a number that fails Luhn invalid', () => {
    expect(sandboxBehaviour('4242424242424241')).toBe('invalid');
  });
  it('treats a card as valid through its expiry month', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    expect(cardExpired('11/26', now)).toBe(false);
    expect(cardExpired('10/26', now)).toBe(true);
    expect(cardExpired('01/27', now)).toBe(false);
  });
});
