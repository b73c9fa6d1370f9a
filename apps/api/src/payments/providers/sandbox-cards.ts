import { luhnValid } from '@app/domain';

export type SandboxBehaviour = 'approve' | 'decline' | 'insufficient_funds' | 'challenge';

/**
 * The sandbox's test cards. Any other number that passes the Luhn check is approved, as in real sandboxes;
 * the README lists these for people trying the demo. The challenge card asks for 3-D Secure: the sandbox's own
 * challenge page decides whether it passes.
 */
export const sandboxTestCards: Record<string, SandboxBehaviour> = {
  '4242424242424242': 'approve',
  '5555555555554444': 'approve',
  '4000000000000002': 'decline',
  '4000000000009995': 'insufficient_funds',
  '4000000000003220': 'challenge',
};

export function sandboxBehaviour(cardNumber: string): SandboxBehaviour | 'invalid' {
  const digits = cardNumber.replace(/\s+/g, '');
  if (!luhnValid(digits)) return 'invalid';
  return sandboxTestCards[digits] ?? 'approve';
}

/** A card is usable through the end of its expiry month. */
export function cardExpired(expiry: string, now: Date): boolean {
  const [mm, yy] = [Number(expiry.slice(0, 2)), Number(expiry.slice(-2))];
  const endOfMonth = Date.UTC(2000 + yy, mm, 1);
  return endOfMonth <= now.getTime();
}
