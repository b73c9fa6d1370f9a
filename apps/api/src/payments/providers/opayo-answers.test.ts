import { describe, expect, it } from 'vitest';
import { isVendorTxCodeUsed, refusalOf, transactionOf } from './opayo-answers';

describe("reading Opayo's answers", () => {
  it('tells a transaction answer from an error body (credentials, validation), whatever the status code', () => {
    expect(transactionOf({ transactionId: 'T1', status: 'NotAuthed', statusCode: '2000' })).not.toBeNull();
    expect(transactionOf({ status: 'Rejected', statusCode: '4026' })).not.toBeNull();
    for (const body of [
      { code: 1001, description: 'Authentication failed' },
      { errors: [{ code: 3110, property: 'customerFirstName', description: 'The BillingFirstnames value is Too long.' }] },
      { status: 401 },
      null,
      [],
      'text',
    ])
      expect(transactionOf(body)).toBeNull();
  });

  it('reads a refused release or abort: released already (taken), aborted or expired (let go), or nothing known', () => {
    expect(refusalOf({ code: 1018, description: 'The transaction has already been released.' })).toBe('released');
    expect(refusalOf({ description: 'The transaction has already been released and cannot be aborted.' })).toBe('released');
    expect(refusalOf({ errors: [{ description: 'This transaction has been released' }] })).toBe('released');
    expect(refusalOf({ description: 'The transaction has already been aborted.' })).toBe('aborted');
    expect(refusalOf({ description: 'The deferred transaction has expired.' })).toBe('aborted');
    expect(refusalOf({ description: 'The transaction cannot be released.' })).toBe('unknown');
    expect(refusalOf(null)).toBe('unknown');
  });

  it('recognises a vendorTxCode used before', () => {
    expect(
      isVendorTxCodeUsed({ code: 3013, description: 'The VendorTxCode has been used before. All VendorTxCodes must be unique.' }),
    ).toBe(true);
    expect(isVendorTxCodeUsed({ description: 'The refund amount is greater than the amount left to refund.' })).toBe(false);
  });
});
