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
  };
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
