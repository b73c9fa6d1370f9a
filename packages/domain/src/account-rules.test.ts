import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canCancelBooking, type LinkAction, type LinkSide, type LinkStatus, linkAllowsActing, nextLinkStatus } from './account-rules';

const now = new Date('2026-11-22T10:00:00Z');

describe('canCancelBooking', () => {
  it('allows a settled booking before it starts, and nothing else', () => {
    expect(canCancelBooking({ status: 'settled', startsAt: new Date('2026-11-22T10:00:01Z') }, now)).toBe(true);
    expect(canCancelBooking({ status: 'settled', startsAt: now }, now)).toBe(false);
    expect(canCancelBooking({ status: 'reserved', startsAt: new Date('2026-11-23T10:00:00Z') }, now)).toBe(false);
    expect(canCancelBooking({ status: 'cancelled', startsAt: new Date('2026-11-23T10:00:00Z') }, now)).toBe(false);
  });

  it('never allows a session that has started, whatever its status', () => {
    fc.assert(
      fc.property(fc.constantFrom('settled', 'reserved', 'cancelled' as const), fc.integer({ min: 0, max: 10 ** 10 }), (status, ago) => {
        expect(canCancelBooking({ status, startsAt: new Date(now.getTime() - ago) }, now)).toBe(false);
      }),
    );
  });
});

describe('nextLinkStatus', () => {
  it('follows request, accept, then cancel or revoke', () => {
    expect(nextLinkStatus(null, 'request', 'owner')).toBe('pending');
    expect(nextLinkStatus('pending', 'accept', 'referenced')).toBe('successful');
    expect(nextLinkStatus('successful', 'cancel', 'owner')).toBe('cancelled');
    expect(nextLinkStatus('successful', 'revoke', 'referenced')).toBe('revoked');
    expect(nextLinkStatus('pending', 'revoke', 'referenced')).toBe('revoked');
    expect(nextLinkStatus('revoked', 'request', 'owner')).toBe('pending');
  });

  it('refuses the owner accepting their own request, and the referenced user requesting it', () => {
    expect(nextLinkStatus('pending', 'accept', 'owner')).toBeNull();
    expect(nextLinkStatus(null, 'request', 'referenced')).toBeNull();
    expect(nextLinkStatus('pending', 'request', 'owner')).toBeNull();
    expect(nextLinkStatus('cancelled', 'accept', 'referenced')).toBeNull();
  });

  it('only ever lands on a status that lets its owner act when the referenced user accepted', () => {
    const statuses: (LinkStatus | null)[] = [null, 'pending', 'successful', 'revoked', 'cancelled'];
    fc.assert(
      fc.property(
        fc.constantFrom(...statuses),
        fc.constantFrom<LinkAction>('request', 'accept', 'cancel', 'revoke'),
        fc.constantFrom<LinkSide>('owner', 'referenced'),
        (current, action, side) => {
          const next = nextLinkStatus(current, action, side);
          if (next && linkAllowsActing(next)) expect([current, action, side]).toEqual(['pending', 'accept', 'referenced']);
        },
      ),
    );
  });
});
