import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initShellMode } from '../../../lib/shell-mode';
import { clientWire, userWire } from '../../../test/fixtures';
import { envelope, mockApi, renderAt } from '../../../test/render';
import { loginModal } from '../../auth';
import { KioskIdleLogout } from './kiosk-idle-logout';

const page = (
  <>
    <KioskIdleLogout />
    <p>Spin timetable</p>
  </>
);

function kioskApi(client = clientWire()) {
  let loggedIn = true;
  const api = mockApi({
    'GET /api/client': envelope(client),
    'GET /api/auth/user': () =>
      loggedIn ? envelope(userWire) : { status: 401, body: { message: 'Unauthenticated.', code: 'unauthenticated' } },
    'POST /api/auth/logout': () => {
      loggedIn = false;
      return envelope(null);
    },
  });
  const logouts = () => api.calls.filter((c) => c.method === 'POST' && c.url.pathname === '/api/auth/logout').length;
  return { ...api, logouts };
}

const settle = () => act(() => vi.advanceTimersByTimeAsync(50));

describe('kiosk idle logout', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    sessionStorage.clear();
    localStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
    initShellMode('?kiosk=false');
  });

  it('logs a kiosk user out after 90 s idle and returns to the kiosk home with the centre', async () => {
    initShellMode('?kiosk=true&centre=harrogate');
    const { logouts } = kioskApi();
    const { router } = renderAt(page, { path: '/location/:venueSlug/spin', at: '/location/harrogate/spin' });
    await settle();
    expect(screen.getByText('Spin timetable')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(89_000));
    expect(logouts()).toBe(0);
    expect(router.state.location.pathname).toBe('/location/harrogate/spin');

    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(logouts()).toBe(1);
    expect(router.state.location.pathname).toBe('/kiosk');
    expect(router.state.location.search).toBe('?centre=harrogate');
  });

  it('starts the 90 s again whenever the kiosk is touched or typed on', async () => {
    initShellMode('?kiosk=true&centre=harrogate');
    const { logouts } = kioskApi();
    const { router } = renderAt(page, { path: '/basket', at: '/basket' });
    await settle();
    await act(() => vi.advanceTimersByTimeAsync(80_000));
    fireEvent.pointerDown(window);
    await act(() => vi.advanceTimersByTimeAsync(80_000));
    fireEvent.keyDown(window, { key: 'a' });
    await act(() => vi.advanceTimersByTimeAsync(80_000));
    expect(logouts()).toBe(0);
    expect(router.state.location.pathname).toBe('/basket');
    await act(() => vi.advanceTimersByTimeAsync(11_000));
    expect(logouts()).toBe(1);
    expect(router.state.location.pathname).toBe('/kiosk');
  });

  it('closes a login left half-typed when the kiosk goes idle', async () => {
    initShellMode('?kiosk=true&centre=harrogate');
    kioskApi();
    renderAt(page, { path: '/basket', at: '/basket' });
    await settle();
    act(() => loginModal.open());
    expect(loginModal.isOpen()).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(91_000));
    expect(loginModal.isOpen()).toBe(false);
  });

  it("uses the client's idle timeout setting", async () => {
    initShellMode('?kiosk=true&centre=ripon');
    const { logouts } = kioskApi(clientWire({ kiosk_idle_timeout_ms: 3000 }));
    const { router } = renderAt(page, { path: '/basket', at: '/basket' });
    await settle();
    await act(() => vi.advanceTimersByTimeAsync(3100));
    expect(logouts()).toBe(1);
    expect(router.state.location.search).toBe('?centre=ripon');
  });

  it('does nothing outside kiosk mode', async () => {
    initShellMode('?kiosk=false');
    const { logouts } = kioskApi();
    const { router } = renderAt(page, { path: '/basket', at: '/basket' });
    await settle();
    await act(() => vi.advanceTimersByTimeAsync(200_000));
    expect(logouts()).toBe(0);
    expect(router.state.location.pathname).toBe('/basket');
  });
});
