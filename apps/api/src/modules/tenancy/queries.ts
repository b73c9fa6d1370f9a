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
    logoUrl: row.logoUrl,
    iconUrl: row.iconUrl,
    hero: row.hero,
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

/**
 * Merges changes into one theme row (client or venue) in a single statement, creating the row when missing: `set`
 * overwrites those keys and `remove` drops those, leaving every other key as it is in the row at that moment. One
 * INSERT ... ON CONFLICT DO UPDATE rather than a read, a merge in JS and a write under SELECT ... FOR UPDATE: the
 * settings are jsonb, so `-` and `||` merge in SQL, and a row lock cannot hold a row that does not exist yet, while
 * the conflict on themes_client_venue_key (NULLS NOT DISTINCT) serialises a first save for the client or a venue too.
 */
export async function mergeThemeSettings(
  db: Conn,
  clientId: number,
  venueId: number | null,
  changes: { set: Record<string, string | null>; remove: string[] },
  now: Date,
): Promise<void> {
  // The existing row's settings, qualified: inside ON CONFLICT an unqualified column would be ambiguous with excluded.
  const stored = sql`"themes"."settings"`;
  const kept =
    changes.remove.length === 0
      ? stored
      : sql`(${stored} - ARRAY[${sql.join(
          changes.remove.map((key) => sql`${key}`),
          sql`, `,
        )}]::text[])`;
  await db
    .insert(themes)
    .values({ clientId, venueId, settings: changes.set, updatedAt: now })
    .onConflictDoUpdate({
      target: [themes.clientId, themes.venueId],
      set: { settings: sql`${kept} || excluded.settings`, updatedAt: now },
    });
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
