import type { AddressInfo } from 'node:net';
import { accountMessages } from '@app/contracts';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleBackground } from '../../lib/background';
import { ManualClock } from '../../lib/clock';
import { demo, staff } from '../../test/fixtures';
import { createTestApp, dataOf, type TestApp } from '../../test/harness';

const clock = new ManualClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, env: { PASSWORD_RESET_MINUTES: '30' } });
});
afterAll(() => t.close());

let caller = 0;
/**
 * Asks for a reset (each call from its own address, so the per-address request limit does not interfere), then waits
 * for the work the answer did not wait for (the lookup and the email).
 */
const forgot = async (app: TestApp, value: string, headers: Record<string, string> = {}) => {
  const res = await app.request({
    method: 'POST',
    url: '/api/auth/customer/forgotten-password',
    payload: { email_or_reference: value },
    headers,
    remoteAddress: `10.1.0.${++caller}`,
  });
  await settleBackground();
  return res;
};
const reset = (token: string, password: string) =>
  t.request({ method: 'POST', url: '/api/auth/customer/reset-password', payload: { token, password } });
const outbox = async () =>
  dataOf(await t.request({ method: 'GET', url: '/api/dev/outbox' })) as { to: string; subject: string; text: string }[];
const tokenIn = (text: string) => /\/reset-password\?token=([\w-]+)/.exec(text)?.[1] as string;
const login = (username: string, password: string) =>
  t.request({ method: 'POST', url: '/api/auth/customer/login', payload: { username, password } });

describe('forgotten password and reset (outbox)', () => {
  it('emails a link to the outbox; the link sets a new password once and ends the old sessions', async () => {
    const before = await t.sessionFor(staff.email);
    const res = await forgot(t, staff.email);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(accountMessages.resetRequested);
    const [mail] = await outbox();
    expect(mail?.to).toBe(staff.email);
    expect(mail?.subject).toContain('Reset your password');
    // Asked from a host that is not the client's own: the link goes to its domain (the demo's *.localhost one).
    expect(mail?.text).toContain('http://northfield.localhost:3000/reset-password?token=');
    const token = tokenIn(mail?.text ?? '');

    const done = await reset(token, 'a-brand-new-pass');
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe(accountMessages.resetDone);
    expect((await t.request({ method: 'GET', url: '/api/auth/user', as: before })).statusCode).toBe(401);
    expect((await login(staff.email, 'a-brand-new-pass')).statusCode).toBe(200);
    expect((await login(staff.email, staff.password)).statusCode).toBe(401);

    const again = await reset(token, 'yet-another-pass');
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.token).toEqual([accountMessages.resetLinkInvalid]);
    expect((await login(staff.email, 'a-brand-new-pass')).statusCode).toBe(200);
  });

  it('finds the account by reference too, in any case', async () => {
    const me = await t.request({ method: 'GET', url: '/api/auth/user', as: await t.sessionFor(demo.email) });
    const reference: string = dataOf(me).reference;
    await forgot(t, reference.toLowerCase());
    expect((await outbox())[0]?.to).toBe(demo.email);
  });

  it('expires the link after the set time, and then changes nothing', async () => {
    await forgot(t, demo.email);
    const token = tokenIn((await outbox())[0]?.text ?? '');
    clock.advance(30 * 60_000 + 1000);
    const res = await reset(token, 'too-late-pass-1');
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(accountMessages.resetLinkInvalid);
    expect((await login(demo.email, demo.password)).statusCode).toBe(200);
  });

  it('answers an unknown email exactly as a known one, and sends nothing', async () => {
    const count = (await outbox()).length;
    const known = await forgot(t, demo.email);
    const unknown = await forgot(t, 'nobody@example.com');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect((await outbox()).length).toBe(count + 1);
  });

  it("keeps each client's outbox and accounts apart", async () => {
    await forgot(t, demo.email, { 'client-domain-identifier': 'riverside' });
    const riverside = dataOf(
      await t.request({ method: 'GET', url: '/api/dev/outbox', headers: { 'client-domain-identifier': 'riverside' } }),
    );
    const token = tokenIn(riverside[0].text);
    // A riverside link cannot reset the northfield account of the same email.
    expect((await reset(token, 'cross-client-pass')).statusCode).toBe(422);
  });

  it('validates the new password and a malformed token with 422', async () => {
    const res = await reset('short', 'x');
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['password', 'token']);
  });

  it('never puts a link to a forged Host in the email', async () => {
    await t.app.inject({
      method: 'POST',
      remoteAddress: '10.1.1.1',
      url: '/api/auth/customer/forgotten-password',
      headers: { host: 'evil.example', 'client-domain-identifier': 'northfield' },
      payload: { email_or_reference: demo.email },
    });
    const text = (await outbox())[0]?.text ?? '';
    expect(text).not.toContain('evil.example');
    expect(text).toContain('http://northfield.localhost:3000/reset-password?token=');
  });
});

describe('forgotten password over SMTP', () => {
  let server: SMTPServer;
  const received: { to: string[]; body: string }[] = [];
  let smtp: TestApp;
  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      onData(stream, session, callback) {
        let body = '';
        stream.on('data', (chunk: Buffer) => {
          body += chunk.toString();
        });
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), body });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    smtp = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Northfield <bookings@northfield.example>' } });
  });
  afterAll(async () => {
    await smtp.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('sends the reset email through the SMTP server instead of the outbox', async () => {
    const res = await forgot(smtp, demo.email);
    expect(res.statusCode).toBe(200);
    expect(received).toHaveLength(1);
    expect(received[0]?.to).toEqual([demo.email]);
    expect(received[0]?.body).toContain('From: Northfield <bookings@northfield.example>');
    const token = /reset-password\?token=([\w-]+)/.exec(
      (received[0]?.body ?? '').replace(/=\r?\n/g, '').replaceAll('=3D', '='),
    )?.[1] as string;
    // Nothing is written to an outbox: with SMTP there is no outbox route at all (decision 075).
    expect((await smtp.request({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(404);
    const done = await smtp.request({
      method: 'POST',
      url: '/api/auth/customer/reset-password',
      payload: { token, password: 'smtp-new-pass-1' },
    });
    expect(done.statusCode).toBe(200);
  });
});
