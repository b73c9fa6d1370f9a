import { describe, expect, it } from 'vitest';
import { verifyPassword } from '../lib/passwords';
import { demoCredentials, demoPasswordHashes } from './demo';

describe('the demo seed', () => {
  // The hashes are kept in the source rather than derived on each fresh start (decision 279).
  it('stores hashes that verify the demo passwords', async () => {
    expect(await verifyPassword(demoCredentials.customer.password, demoPasswordHashes.customer)).toBe(true);
    expect(await verifyPassword(demoCredentials.staff.password, demoPasswordHashes.staff)).toBe(true);
    expect(await verifyPassword(demoCredentials.staff.password, demoPasswordHashes.customer)).toBe(false);
  });
});
