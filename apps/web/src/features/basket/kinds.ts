import type { CartLine } from './api/get-cart';

const membershipKinds: ReadonlySet<CartLine['kind']> = new Set(['membership', 'membership_change', 'membership_renewal']);

/** A membership line: a new membership, a change of membership or a renewal. */
export const isMembershipLine = (item: Pick<CartLine, 'kind'>): boolean => membershipKinds.has(item.kind);
