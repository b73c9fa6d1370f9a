import { describe, expect, it } from 'vitest';
import { reachesErrorScreen, shouldRetryQuery } from './retry';

describe('query retry rules', () => {
  it('stops after 3 attempts', () => {
    expect(shouldRetryQuery(2, 500)).toBe(true);
    expect(shouldRetryQuery(3, 500)).toBe(false);
  });
  it('never retries 404 or 422', () => {
    expect(shouldRetryQuery(0, 404)).toBe(false);
    expect(shouldRetryQuery(0, 422)).toBe(false);
  });
  it('keeps 404, 409 and 422 off the error screen', () => {
    for (const s of [404, 409, 422]) expect(reachesErrorScreen(s)).toBe(false);
    expect(reachesErrorScreen(500)).toBe(true);
    expect(reachesErrorScreen(403)).toBe(true);
  });
});
