import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client';
import { clients, themes } from '../../db/schema';
import type { Tenant } from '../../http/context';

export async function findClientByKey(db: Conn, key: string): Promise<Tenant | null> {
  const [row] = await db
    .select()
    .from(clients)
    .where(or(eq(clients.identifier, key), sql`${key} = ANY(${clients.domains})`))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    identifier: row.identifier,
    name: row.name,
    currency: row.currency,
    timezone: row.timezone,
    domains: row.domains,
    features: {
      onlineJoiningEnabled: row.onlineJoiningEnabled,
      campsAndCoursesBookingEnabled: row.campsAndCoursesBookingEnabled,
      onlineGuestPassesEnabled: row.onlineGuestPassesEnabled,
    },
    termsHtml: row.termsHtml,
    embeddingOrigins: row.embeddingOrigins,
    paymentProvider: row.paymentProvider,
    paidBookingDisabledMessage: row.paidBookingDisabledMessage,
  };
}

/** Whether the client is down for planned maintenance: read fresh, so switching it takes effect everywhere at once. */
export async function isUnderMaintenance(db: Conn, clientId: number): Promise<boolean> {
  const [row] = await db.select({ maintenance: clients.maintenance }).from(clients).where(eq(clients.id, clientId));
  return row?.maintenance ?? false;
}

export async function setMaintenance(db: Conn, clientId: number, maintenance: boolean): Promise<void> {
  await db.update(clients).set({ maintenance }).where(eq(clients.id, clientId));
}

/** The stored settings of the client's theme (venueId null) or a venue's override; empty when none. */
export async function findOwnThemeSettings(db: Conn, clientId: number, venueId: number | null) {
  const [row] = await db
    .select({ settings: themes.settings })
    .from(themes)
    .where(and(eq(themes.clientId, clientId), venueId === null ? isNull(themes.venueId) : eq(themes.venueId, venueId)));
  return row?.settings ?? {};
}

/** Writes the whole settings object of one theme row (client or venue), creating it when missing. */
export async function upsertThemeSettings(
  db: Conn,
  clientId: number,
  venueId: number | null,
  settings: Record<string, string | null>,
  now: Date,
): Promise<void> {
  await db
    .insert(themes)
    .values({ clientId, venueId, settings, updatedAt: now })
    .onConflictDoUpdate({ target: [themes.clientId, themes.venueId], set: { settings, updatedAt: now } });
}

/** The client's own theme settings and, when a venue is named, that venue's overrides. */
export async function findThemeSettings(db: Conn, clientId: number, venueId: number | null) {
  const rows = await db
    .select({ venueId: themes.venueId, settings: themes.settings })
    .from(themes)
    .where(
      and(
        eq(themes.clientId, clientId),
        venueId === null ? isNull(themes.venueId) : or(isNull(themes.venueId), eq(themes.venueId, venueId)),
      ),
    );
  return {
    client: rows.find((r) => r.venueId === null)?.settings ?? {},
    venue: venueId === null ? {} : (rows.find((r) => r.venueId === venueId)?.settings ?? {}),
  };
}
