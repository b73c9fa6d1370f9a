import { defaultTheme, themeColourFields } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staff } from '../../test/fixtures';
import { sessionCookieFor } from '../../test/harness';
import { type ApiProcess, type TwoApis, twoApisOnPostgres } from '../../test/processes';

let cluster: TwoApis;
const cookies: Record<string, string> = {};

/** Every field of the theme call, each with a value unlike its default; one PUT per field. */
const colours = themeColourFields;
const round = (n: number): Record<string, string> => ({
  ...Object.fromEntries(colours.map((field, i) => [field, `#${String(n)}${String(i)}${String(n)}${String(i)}${String(n)}${String(i)}`])),
  theme_app_logo: `https://cdn.example.com/logo-${n}.svg`,
  theme_app_heading_font_style: n % 2 ? 'lato' : 'open_sans',
  theme_app_body_font_style: n % 2 ? 'open_sans' : 'lato',
  theme_app_secondary_button_style: 'outline',
});

async function put(api: ApiProcess, client: string, venue: string | undefined, body: unknown): Promise<number> {
  const res = await fetch(`${api.url}/api/frontend/theme${venue ? `?venue=${venue}` : ''}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', 'client-domain-identifier': client, cookie: cookies[client] as string },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  return res.status;
}

// biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary JSON
async function themeOf(client: string, venue?: string): Promise<any> {
  const res = await fetch(`${cluster.apis[0].url}/api/frontend/theme${venue ? `?venue=${venue}` : ''}`, {
    headers: { 'client-domain-identifier': client },
  });
  return ((await res.json()) as { data: unknown }).data;
}

/**
 * Two API processes on one PostgreSQL, staff saving one field each at the same moment, for a client theme that has
 * no row yet (northfield), a venue override that has none (harrogate) and a client theme that has one (riverside):
 * every field each of them saved is there afterwards, and so is every removal.
 */
describe('staff saving different theme fields at once', () => {
  const targets = [
    { client: 'northfield', venue: undefined },
    { client: 'northfield', venue: 'harrogate' },
    { client: 'riverside', venue: undefined },
  ];

  beforeAll(async () => {
    cluster = await twoApisOnPostgres(async (db) => {
      for (const identifier of ['northfield', 'riverside']) cookies[identifier] = await sessionCookieFor(db, staff.email, identifier);
    }, 2);
  }, 120_000);

  afterAll(() => cluster?.close());

  it('keeps every field each PUT changed, round after round', async () => {
    for (const n of [1, 2, 3]) {
      const fields = Object.entries(round(n));
      const statuses = await Promise.all(
        targets.flatMap(({ client, venue }) =>
          fields.map(([field, value], i) => put(cluster.apis[i % 2]!, client, venue, { [field]: value })),
        ),
      );
      expect(statuses.every((s) => s === 200)).toBe(true);
      for (const { client, venue } of targets) expect(await themeOf(client, venue)).toMatchObject(round(n));
    }
  });

  it('keeps every removal and every change when some PUTs remove fields and others set them', async () => {
    const next = round(4);
    const removed = colours.slice(0, 3);
    const statuses = await Promise.all(
      targets.flatMap(({ client, venue }) =>
        Object.keys(next).map((field, i) =>
          put(cluster.apis[i % 2]!, client, venue, { [field]: (removed as readonly string[]).includes(field) ? null : next[field] }),
        ),
      ),
    );
    expect(statuses.every((s) => s === 200)).toBe(true);
    // A removal hands the field back: the client's to the defaults, the venue's to the client's (here the defaults).
    const expected = Object.fromEntries(
      Object.entries(next).map(([field, value]) => [
        field,
        (removed as readonly string[]).includes(field) ? defaultTheme[field as keyof typeof defaultTheme] : value,
      ]),
    );
    for (const { client, venue } of targets) expect(await themeOf(client, venue)).toMatchObject(expected);
  });
});
