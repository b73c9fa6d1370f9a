import { accountMessages, type LinkedUser } from '@app/contracts';
import { type LinkAction, type LinkSide, nextLinkStatus } from '@app/domain';
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { linkedUsers, users } from '../../db/schema';
import type { AuthedCtx } from '../../http/context';
import { AppError, notFound } from '../../lib/errors';
import { findUserByEmailOrReference } from '../auth/queries';

/**
 * Linked users (doc 1, section 3): the owner of a link asks to act for another customer of the same client; the
 * referenced customer accepts (successful) or revokes; the owner may cancel. Only a successful link lets the owner
 * book and buy for the referenced user (acting-for.ts). Either side sees the link; anyone else gets 404.
 *
 * A request discloses nothing about the other person until they accept (decision 076): whether or not a customer has
 * that email or reference, the request is recorded and answered alike (pending, named by what the owner typed, id 0),
 * and only an accepted link shows the owner the other person's id and name.
 */

const owner = alias(users, 'owner');
const referenced = alias(users, 'referenced');

async function linksOf(c: AuthedCtx, linkId?: number) {
  const mine = or(eq(linkedUsers.userId, c.user.id), eq(linkedUsers.referencedUserId, c.user.id));
  return c.db
    .select({
      link: linkedUsers,
      owner: { id: owner.id, firstName: owner.firstName, lastName: owner.lastName },
      referenced: { id: referenced.id, firstName: referenced.firstName, lastName: referenced.lastName },
    })
    .from(linkedUsers)
    .innerJoin(owner, eq(owner.id, linkedUsers.userId))
    .leftJoin(referenced, eq(referenced.id, linkedUsers.referencedUserId))
    .where(and(eq(linkedUsers.clientId, c.client.id), mine, linkId === undefined ? undefined : eq(linkedUsers.id, linkId)))
    .orderBy(asc(linkedUsers.id));
}

type LinkRow = Awaited<ReturnType<typeof linksOf>>[number];

/** Which side of the link the caller is on. */
const sideOf = (c: AuthedCtx, row: LinkRow): LinkSide => (row.link.userId === c.user.id ? 'owner' : 'referenced');

/** One link the caller is part of; anyone else's is a 404. */
async function linkOf(c: AuthedCtx, linkId: number): Promise<LinkRow> {
  const [row] = await linksOf(c, linkId);
  if (!row) throw notFound();
  return row;
}

/**
 * The link as its viewer sees it: referenced_user is always the other person. The owner learns who that is only once
 * they have accepted (confirmed_at); before, they see what they typed and id 0, the same for an account that does not
 * exist. The referenced user always sees the owner, who chose to ask.
 */
function toLinkedUser(c: AuthedCtx, row: LinkRow): LinkedUser {
  const side = sideOf(c, row);
  const other = side === 'owner' ? (row.link.confirmedAt ? row.referenced : null) : row.owner;
  return {
    id: row.link.id,
    status: row.link.status,
    referenced_user: other ? { id: other.id, name: `${other.firstName} ${other.lastName}` } : { id: 0, name: row.link.requestedAs },
    relationship: row.link.relationship,
    created_at: row.link.createdAt.toISOString(),
    confirmed_at: row.link.confirmedAt?.toISOString() ?? null,
    direction: side,
  };
}

export async function listLinks(c: AuthedCtx): Promise<LinkedUser[]> {
  return (await linksOf(c)).map((r) => toLinkedUser(c, r));
}

export async function getLink(c: AuthedCtx, linkId: number): Promise<LinkedUser> {
  return toLinkedUser(c, await linkOf(c, linkId));
}

/** What the owner typed, as the lookup reads it: an email in lower case, a reference in upper case. */
const normalised = (emailOrReference: string): string => {
  const v = emailOrReference.trim();
  return v.includes('@') ? v.toLowerCase() : v.toUpperCase();
};

/**
 * Asks to act for another customer of this client, named by email or reference; again after an ended link. When no
 * customer matches, the request is recorded all the same, with nobody on the other side, and answered the same way.
 */
export async function requestLink(
  c: AuthedCtx,
  body: { email_or_reference: string; relationship: LinkedUser['relationship'] },
): Promise<LinkedUser> {
  const requestedAs = normalised(body.email_or_reference);
  const target = await findUserByEmailOrReference(c.db, c.client.id, requestedAs);
  const targetId = target?.role === 'customer' ? target.id : null;
  if (targetId === c.user.id) throw new AppError('link_self', { fieldErrors: { email_or_reference: [accountMessages.linkSelf] } });
  const now = c.clock.now();
  const id = await c.db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(linkedUsers)
      .where(
        and(
          eq(linkedUsers.clientId, c.client.id),
          eq(linkedUsers.userId, c.user.id),
          targetId === null
            ? and(isNull(linkedUsers.referencedUserId), eq(linkedUsers.requestedAs, requestedAs))
            : eq(linkedUsers.referencedUserId, targetId),
        ),
      )
      .limit(1)
      .for('update');
    const next = nextLinkStatus(existing?.status ?? null, 'request', 'owner');
    if (!next) throw new AppError('link_exists');
    if (existing) {
      await tx
        .update(linkedUsers)
        .set({ status: next, relationship: body.relationship, requestedAs, createdAt: now, confirmedAt: null })
        .where(and(eq(linkedUsers.id, existing.id), eq(linkedUsers.status, existing.status)));
      return existing.id;
    }
    const [row] = await tx
      .insert(linkedUsers)
      .values({
        clientId: c.client.id,
        userId: c.user.id,
        referencedUserId: targetId,
        requestedAs,
        relationship: body.relationship,
        status: next,
        createdAt: now,
      })
      .returning({ id: linkedUsers.id });
    if (!row) throw new Error('insert returned no row');
    return row.id;
  });
  return getLink(c, id);
}

/**
 * Accept, cancel or revoke a link the caller is part of. The transition is checked by the domain's nextLinkStatus
 * and applied only if the status is still the one read (a conditional update), so two changes cannot cross.
 */
export async function changeLink(c: AuthedCtx, linkId: number, action: Exclude<LinkAction, 'request'>): Promise<LinkedUser> {
  return applyChange(c, await linkOf(c, linkId), action);
}

/** DELETE ends a link from either side: the owner cancels it, the referenced user revokes it. */
export async function endLink(c: AuthedCtx, linkId: number): Promise<LinkedUser> {
  const row = await linkOf(c, linkId);
  return applyChange(c, row, sideOf(c, row) === 'owner' ? 'cancel' : 'revoke');
}

async function applyChange(c: AuthedCtx, row: LinkRow, action: Exclude<LinkAction, 'request'>): Promise<LinkedUser> {
  const next = nextLinkStatus(row.link.status, action, sideOf(c, row));
  if (!next) throw new AppError('link_unchangeable');
  const updated = await c.db
    .update(linkedUsers)
    .set({ status: next, ...(next === 'successful' ? { confirmedAt: c.clock.now() } : {}) })
    .where(and(eq(linkedUsers.id, row.link.id), eq(linkedUsers.clientId, c.client.id), eq(linkedUsers.status, row.link.status)))
    .returning({ id: linkedUsers.id });
  if (updated.length === 0) throw new AppError('link_unchangeable');
  return getLink(c, row.link.id);
}
