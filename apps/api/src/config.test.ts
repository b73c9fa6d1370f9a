import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('settings', () => {
  it('accepts a fractional HOLD_MINUTES, so a server can run with very short holds (the e2e expired-hold journey)', () => {
    expect(loadConfig({ HOLD_MINUTES: '0.05' }).holdMinutes).toBe(0.05);
    expect(() => loadConfig({ HOLD_MINUTES: '0' })).toThrow();
  });

  it('configures Stripe only with a secret key, and points it at STRIPE_API_URL when given', () => {
    expect(loadConfig({}).stripe).toBeNull();
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_API_URL: 'http://127.0.0.1:12111' }).stripe).toEqual({
      secretKey: 'sk_test_x',
      publishableKey: null,
      webhookSecret: null,
      host: '127.0.0.1',
      port: 12111,
      protocol: 'http',
    });
  });

  it('is production unless told otherwise, with HTTPS-only measures decided per request (decision 075)', () => {
    expect(loadConfig({}).env).toBe('production');
    expect(loadConfig({}).cookieSecure).toBe('auto');
    expect(loadConfig({ COOKIE_SECURE: 'true' }).cookieSecure).toBe(true);
    expect(loadConfig({ COOKIE_SECURE: 'false' }).cookieSecure).toBe(false);
  });
});
