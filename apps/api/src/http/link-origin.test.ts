import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, outboxEmails } from '../db/schema';
import { settleBackground } from '../lib/background';
import { demo } from '../test/fixtures';
import { createTestApp, dataOf, type TestApp } from '../test/harness';

const PUBLIC_ORIGIN = 'https://bookings.example.org';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_ORIGIN } });
});
afterAll(() => t.close());

const setDomains = async (identifier: string, domains: string[]) => {
  await t.database.db.update(clients).set({ domains }).where(eq(clients.identifier, identifier));
  t.app.deps.cache.clear('client:');
};

let caller = 0;
/** Asks for the demo customer's reset with this Host, and answers the link in the email it sent. */
async function resetLinkAskedFrom(host: string, client = 'northfield'): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/customer/forgotten-password',
    remoteAddress: `10.3.0.${++caller}`,
    headers: { host, 'client-domain-identifier': client },
    payload: { email_or_reference: demo.email },
  });
  expect(res.statusCode).toBe(200);
  await settleBackground();
  const [mail] = await t.database.db
    .select({ text: outboxEmails.text })
    .from(outboxEmails)
    .where(eq(outboxEmails.clientId, await t.clientId(client)))
    .orderBy(desc(outboxEmails.id))
    .limit(1);
  const link = /(\S+)\/reset-password\?token=/.exec(mail?.text ?? '')?.[1];
  if (!link) throw new Error(`no reset link in ${mail?.text}`);
  return link;
}

describe('links in emails only ever point at an origin this deployment owns (issue 9)', () => {
  it('sends a client without a domain to PUBLIC_ORIGIN, whatever Host the request named', async () => {
    await setDomains('northfield', []);
    try {
      expect(await resetLinkAskedFrom('evil.example')).toBe(PUBLIC_ORIGIN);
      expect(await resetLinkAskedFrom('localhost:3000')).toBe(PUBLIC_ORIGIN);
      expect(await resetLinkAskedFrom('bookings.example.org.evil.example')).toBe(PUBLIC_ORIGIN);
    } finally {
      await setDomains('northfield', ['northfield.localhost']);
    }
  });

  it('sends a client with domains to the one asked from, canonical, or else to its first, never to a forged Host or port', async () => {
    await setDomains('northfield', ['northfield.example', 'sport.northfield.example']);
    try {
      expect(await resetLinkAskedFrom('sport.northfield.example')).toBe('https://sport.northfield.example');
      // Its own name with a port the caller chose: the domain's canonical origin.
      expect(await resetLinkAskedFrom('northfield.example:6666')).toBe('https://northfield.example');
      expect(await resetLinkAskedFrom('evil.example')).toBe('https://northfield.example');
      expect(await resetLinkAskedFrom('localhost:3000')).toBe('https://northfield.example');
    } finally {
      await setDomains('northfield', ['northfield.localhost']);
    }
  });

  it("keeps the demo's own addresses: its *.localhost domain on PUBLIC_ORIGIN's port, and PUBLIC_ORIGIN for the default client", async () => {
    const local = await createTestApp();
    try {
      const forgot = async (host: string) => {
        await local.app.inject({
          method: 'POST',
          url: '/api/auth/customer/forgotten-password',
          remoteAddress: `10.3.1.${++caller}`,
          headers: { host },
          payload: { email_or_reference: demo.email },
        });
        await settleBackground();
        const [mail] = await local.database.db
          .select({ text: outboxEmails.text })
          .from(outboxEmails)
          .orderBy(desc(outboxEmails.id))
          .limit(1);
        return /(\S+)\/reset-password\?token=/.exec(mail?.text ?? '')?.[1];
      };
      expect(await forgot('localhost:3000')).toBe('http://localhost:3000');
      expect(await forgot('northfield.localhost:3000')).toBe('http://northfield.localhost:3000');
      expect(await forgot('northfield.localhost:9999')).toBe('http://northfield.localhost:3000');
    } finally {
      await local.close();
    }
  });

  it('gives a calendar feed address on the same terms', async () => {
    await setDomains('northfield', []);
    try {
      // Over HTTPS's side of COOKIE_SECURE (any host but localhost) the session cookie carries the __Host- prefix.
      const as = `__Host-${await t.sessionFor(demo.email)}`;
      const res = await t.request({ method: 'POST', url: '/api/my-account/calendar-feed', as, headers: { host: 'evil.example' } });
      expect(res.statusCode).toBe(201);
      expect(dataOf(res).url.startsWith(`${PUBLIC_ORIGIN}/api/calendar-feeds/`)).toBe(true);
    } finally {
      await setDomains('northfield', ['northfield.localhost']);
    }
  });
});
