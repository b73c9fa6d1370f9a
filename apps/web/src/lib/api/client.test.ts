import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/render';
import { camelKey, snakeKey } from './case';
import { api } from './client';
import { ApiError } from './errors';
import { sessionBelief } from './session';

afterEach(() => sessionBelief.set(false));

describe('the api client', () => {
  it('sends params and body in snake_case and hands back data in camelCase', async () => {
    const { calls } = mockApi({
      'POST /api/checkout/authorise': {
        body: {
          data: { transaction_uuid: 'u1', transaction_status: 'authorised', sca_data: null, starts_at: { format_24_hour: '07:00' } },
        },
      },
    });
    const res = await api.post<{ transaction_uuid: string; transaction_status: string; starts_at: { format_24_hour: string } }>(
      '/api/checkout/authorise',
      { sessionKey: 'ps_1', billingAddress1: '1 High St', browserColorDepth: 24, payments: [{ tenderType: 'card', amount: 650 }] },
      { params: { selectedUserId: 7 } },
    );
    expect(calls[0]?.url.search).toBe('?selected_user_id=7');
    expect(calls[0]?.body).toEqual({
      session_key: 'ps_1',
      billing_address_1: '1 High St',
      browser_color_depth: 24,
      payments: [{ tender_type: 'card', amount: 650 }],
    });
    expect(res.data).toEqual({
      transactionUuid: 'u1',
      transactionStatus: 'authorised',
      scaData: null,
      startsAt: { format24Hour: '07:00' },
    });
  });

  it('converts keys both ways without losing digits', () => {
    for (const key of ['billing_address_1', 'format_24_hour', 'theme_app_secondary_colour_2', 'item_hash']) {
      expect(snakeKey(camelKey(key))).toBe(key);
    }
  });

  it('keeps the field keys of a 422 exactly as the server wrote them', async () => {
    mockApi({
      'POST /api/checkout/cart/add': {
        status: 422,
        body: {
          message: 'Please choose at least one ticket.',
          code: 'validation_failed',
          errors: { 'items.0.tickets': ['Please choose at least one ticket.'] },
        },
      },
    });
    const error = await api.post('/api/checkout/cart/add', { items: [] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
    expect((error as ApiError).fieldErrors).toEqual({ 'items.0.tickets': ['Please choose at least one ticket.'] });
    expect((error as ApiError).fieldMessages).toEqual(['Please choose at least one ticket.']);
  });

  it.each([
    [404, 'Unable to complete request, item not found.'],
    [403, 'Unauthorised.'],
    [500, 'Something has gone wrong, please try again.'],
    [502, 'Something has gone wrong, please try again.'],
  ])('gives a %i without a message the spec default', async (status, message) => {
    mockApi({ 'GET /api/thing': { status, body: null } });
    const error = (await api.get('/api/thing').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(status);
    expect(error.message).toBe(message);
    expect(error.serverMessage).toBeUndefined();
  });

  it("prefers the server's message", async () => {
    mockApi({
      'POST /api/checkout/cart/add': { status: 409, body: { message: 'Sorry, this session is fully booked.', code: 'occurrence_full' } },
    });
    const error = (await api.post('/api/checkout/cart/add', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('Sorry, this session is fully booked.');
    expect(error.code).toBe('occurrence_full');
  });

  it('turns a network failure into an ApiError with no status', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const error = (await api.get('/api/client').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
    expect(error.message).toBe('Something has gone wrong, please try again.');
  });

  it('on a 401 while logged in, clears and reloads (through the installed handler)', async () => {
    const lost = vi.fn();
    sessionBelief.onLost(lost);
    sessionBelief.set(true);
    mockApi({ 'GET /api/checkout/cart': { status: 401, body: { message: 'Please log in to continue.', code: 'unauthenticated' } } });
    await expect(api.get('/api/checkout/cart')).rejects.toBeInstanceOf(ApiError);
    expect(lost).toHaveBeenCalledTimes(1);
    expect(sessionBelief.loggedIn).toBe(false);
  });

  it('does not reload on a 401 for a visitor (a failed login, the user check)', async () => {
    const lost = vi.fn();
    sessionBelief.onLost(lost);
    mockApi({
      'POST /api/auth/customer/login': {
        status: 401,
        body: { message: 'These credentials do not match our records.', code: 'invalid_credentials' },
      },
    });
    const error = (await api.post('/api/auth/customer/login', { username: 'a', password: 'b' }).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('These credentials do not match our records.');
    expect(lost).not.toHaveBeenCalled();
  });

  it("leaves a provider's own fields as the server wrote them when asked", async () => {
    mockApi({
      'POST /api/checkout/authorise': { body: { data: { sca_url: '/x', sca_data: { return_url: '/r', threeDSSessionData: 'abc' } } } },
    });
    const res = await api.post<{ sca_url: string; sca_data: Record<string, string> }>(
      '/api/checkout/authorise',
      {},
      { keepKeysOf: ['sca_data'] },
    );
    expect(res.data).toEqual({ scaUrl: '/x', scaData: { return_url: '/r', threeDSSessionData: 'abc' } });
  });

  it('sends the session cookie on same-origin calls only', async () => {
    const { fetchMock } = mockApi({ 'GET /api/client': { body: { data: {} } } });
    await api.get('/api/client');
    expect(fetchMock.mock.calls[0]?.[1]?.credentials).toBe('same-origin');
  });
});
