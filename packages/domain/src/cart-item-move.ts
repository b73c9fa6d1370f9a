/**
 * Whether a basket line may be moved to another person (issue 13, decision 168). Only a single session that still
 * holds its place moves: its booking is re-assigned in one conditional statement. Memberships, renewals, packages,
 * top-ups and penalties belong to one person's account; a course or camp carries that person's answers, waivers and
 * age rules, so it is removed and added again for the other person instead.
 */
export type CartItemMove = 'move' | 'unchanged' | 'not_movable' | 'expired';

export interface MovableLine {
  kind: string;
  /** Who the line is for now (its purchased_for_user_id, else the basket's owner). */
  attendeeId: number;
  expiresAt: Date | null;
}

export const movableKinds: ReadonlySet<string> = new Set(['av2_booking']);

export function cartItemMove(line: MovableLine, toUserId: number, now: Date): CartItemMove {
  if (line.attendeeId === toUserId) return 'unchanged';
  if (!movableKinds.has(line.kind)) return 'not_movable';
  if (line.expiresAt === null || line.expiresAt <= now) return 'expired';
  return 'move';
}
