import { describe, expect, it } from 'vitest';
import { parsePaymentSettings, secretsOf, settingsFor } from './settings';

const opayo = { provider: 'opayo', vendorName: 'northfield', integrationKey: 'ik_secret', integrationPassword: 'ip_secret' };
const ryft = { provider: 'ryft', secretKey: 'sk_sandbox_x', publicKey: 'pk_sandbox_x', webhookSecret: 'whs_x' };

describe("a client's payment settings with the providers it used before (decision 203)", () => {
  it('finds the current provider and an earlier one by name, and knows every secret of both', () => {
    const all = parsePaymentSettings(JSON.stringify({ northfield: { ...ryft, earlier: [opayo] } }));
    expect(settingsFor(all.northfield, 'ryft')?.provider).toBe('ryft');
    expect(settingsFor(all.northfield, 'opayo')).toMatchObject({ provider: 'opayo', vendorName: 'northfield' });
    expect(settingsFor(all.northfield, 'stripe')).toBeNull();
    expect(settingsFor(undefined, 'opayo')).toBeNull();
    expect(secretsOf(all.northfield!)).toEqual(expect.arrayContaining(['sk_sandbox_x', 'whs_x', 'ik_secret', 'ip_secret']));
  });

  it('refuses the current provider listed as earlier too, or one earlier provider twice, naming the field, never a value', () => {
    for (const earlier of [[ryft], [opayo, opayo]]) {
      expect(() => parsePaymentSettings(JSON.stringify({ northfield: { ...ryft, earlier } }))).toThrow(/northfield\.earlier/);
    }
    try {
      parsePaymentSettings(JSON.stringify({ northfield: { ...ryft, earlier: [ryft] } }));
    } catch (err) {
      expect(String(err)).not.toContain('sk_sandbox_x');
    }
  });
});
