import type { Theme } from '@app/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Conn } from '../../db/client';
import { clients, venues } from '../../db/schema';
import { clientTheme } from '../tenancy/service';

/** What every email of a client wears: its name, theme and footer, and how it shows times and money. */
export interface Brand {
  clientId: number;
  identifier: string;
  name: string;
  timezone: string;
  currency: string;
  /** Where links in the email lead: the client's first domain. */
  origin: string;
  theme: Theme;
  /** The footer's postal address: the client's first venue's, on one line. */
  address: string | null;
}

export const addressLine = (v: { address1: string | null; address2: string | null; town: string | null; postcode: string | null }) =>
  [v.address1, v.address2, v.town, v.postcode].filter((p) => p && p.trim() !== '').join(', ') || null;

export async function brandOf(db: Conn, clientId: number): Promise<Brand> {
  const [client] = await db.select().from(clients).where(eq(clients.id, clientId));
  if (!client) throw new Error(`no client ${clientId}`);
  const [venue] = await db.select().from(venues).where(eq(venues.clientId, clientId)).orderBy(asc(venues.id)).limit(1);
  const domain = client.domains[0];
  return {
    clientId,
    identifier: client.identifier,
    name: client.name,
    timezone: client.timezone,
    currency: client.currency,
    // Development domains (*.localhost) have no certificate.
    origin: domain ? `${/(^|\.)localhost(:\d+)?$/.test(domain) ? 'http' : 'https'}://${domain}` : 'http://localhost',
    theme: await clientTheme(db, clientId),
    address: venue ? addressLine(venue) : null,
  };
}
