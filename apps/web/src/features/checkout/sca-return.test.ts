import { afterEach, describe, expect, it } from 'vitest';
import { toMinorUnits } from './components/credits-panel';
import { type PendingSca, pendingSca, returnIsFor, scaReturnParams } from './sca-return';

afterEach(() => window.sessionStorage.clear());

describe('coming back from 3-D Secure', () => {
  it("reads the transaction and the challenge's answer from the return address", () => {
    expect(scaReturnParams(new URLSearchParams('transaction_uuid=tx1&sca_result=passed'))).toEqual({
      transactionId: 'tx1',
      scaResult: 'passed',
    });
    expect(scaReturnParams(new URLSearchParams('transaction_id=tx2&cres=abc'))).toEqual({ transactionId: 'tx2', scaResult: 'abc' });
    expect(scaReturnParams(new URLSearchParams(''))).toEqual({ transactionId: null, scaResult: '' });
  });

  it("knows its own payment by the transaction, or by the provider's session when the provider names only that (Ryft's ps)", () => {
    const pending = {
      state: { status: 'sca_required', transactionId: 'tx1', session: { sessionKey: 'ps_123' } },
    } as unknown as PendingSca;
    const is = (query: string) => returnIsFor(pending, new URLSearchParams(query));
    expect(is('transaction_uuid=tx1&sca_result=notified')).toBe(true);
    expect(is('ps=ps_123')).toBe(true);
    expect(is('transaction_uuid=tx2')).toBe(false);
    // A transaction named wins over the session: another payment's return is never taken for this one.
    expect(is('transaction_uuid=tx2&ps=ps_123')).toBe(false);
    expect(is('ps=ps_999')).toBe(false);
    expect(is('')).toBe(false);
  });

  it('keeps only a payment waiting on a challenge, and drops anything unreadable', () => {
    window.sessionStorage.setItem('checkout.pending-sca', '{not json');
    expect(pendingSca.read()).toBeNull();
    expect(window.sessionStorage.getItem('checkout.pending-sca')).toBeNull();
    window.sessionStorage.setItem('checkout.pending-sca', JSON.stringify({ state: { status: 'ready', transactionId: null } }));
    expect(pendingSca.read()).toBeNull();
  });
});

describe('credit amounts as typed', () => {
  it('turns pounds and pence into the smallest unit', () => {
    expect(toMinorUnits('6.50')).toBe(650);
    expect(toMinorUnits('£6.5')).toBe(650);
    expect(toMinorUnits(' 200 ')).toBe(20000);
    expect(toMinorUnits('0.01')).toBe(1);
  });
  it('refuses what is not an amount', () => {
    for (const bad of ['', 'abc', '6.505', '-1', '1e3', '6,50']) expect(toMinorUnits(bad)).toBeNull();
  });
});
