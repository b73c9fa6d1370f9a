import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exchangeUrlToken } from '../features/auth';
import { envelope, mockApi } from '../test/render';
import { getSelectedVenue } from './selected-venue';
import { initShellMode, kioskHomePath, linkToArea } from './shell-mode';

describe('shell modes', () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
  });
  afterEach(() => {
    initShellMode('?embedded=false&kiosk=false');
  });

  it('sets embedded and kiosk from the query and keeps them for the rest of the visit', () => {
    expect(initShellMode('?embedded=true&kiosk=1')).toMatchObject({ embedded: true, kiosk: true });
    expect(initShellMode('')).toMatchObject({ embedded: true, kiosk: true });
    expect(initShellMode('?embedded=false')).toMatchObject({ embedded: false, kiosk: true });
  });

  it('takes the device centre from ?centre, selects that venue and returns to it at the kiosk home', () => {
    initShellMode('?kiosk=true&centre=ripon');
    expect(getSelectedVenue()).toBe('ripon');
    expect(kioskHomePath()).toBe('/kiosk?centre=ripon');
    expect(initShellMode('?centre=<script>').centre).toBe('ripon');
  });

  it('adds the embedded flag to links into another area, not to paths of this one', () => {
    const embedded = { embedded: true, kiosk: false, centre: null };
    expect(linkToArea('https://account.example.com/account/bookings', embedded)).toBe(
      'https://account.example.com/account/bookings?embedded=true',
    );
    expect(linkToArea('/account/bookings', embedded)).toBe('/account/bookings');
    expect(linkToArea('https://account.example.com/account', { embedded: false, kiosk: false, centre: null })).toBe(
      'https://account.example.com/account',
    );
  });
});

describe('the token query parameter', () => {
  it('is removed from the address bar and exchanged for the session cookie', async () => {
    window.history.replaceState(null, '', '/location/harrogate?token=abcdefghijklmnopqrstuvwxyz&embedded=true');
    const { calls } = mockApi({ 'POST /api/auth/token': envelope({ user: {} }) });
    expect(await exchangeUrlToken()).toBeNull();
    expect(window.location.pathname + window.location.search).toBe('/location/harrogate?embedded=true');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST', body: { token: 'abcdefghijklmnopqrstuvwxyz' } });
  });

  it('answers the failure to show when the token is refused', async () => {
    window.history.replaceState(null, '', '/?token=expiredexpiredexpiredexpired');
    mockApi({
      'POST /api/auth/token': { status: 401, body: { message: 'This login link is invalid or has expired.', code: 'token_invalid' } },
    });
    const failure = await exchangeUrlToken();
    expect(failure?.message).toBe('This login link is invalid or has expired.');
    expect(window.location.search).toBe('');
  });

  it("leaves the reset link's token to the reset page", async () => {
    window.history.replaceState(null, '', '/reset-password?token=resetresetresetresetreset');
    const { calls } = mockApi({});
    expect(await exchangeUrlToken()).toBeNull();
    expect(window.location.search).toBe('?token=resetresetresetresetreset');
    expect(calls).toHaveLength(0);
  });

  it('makes no call without a token', async () => {
    window.history.replaceState(null, '', '/basket');
    const { calls } = mockApi({});
    expect(await exchangeUrlToken()).toBeNull();
    expect(calls).toHaveLength(0);
  });
});
