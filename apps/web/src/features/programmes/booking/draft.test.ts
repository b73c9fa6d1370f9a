import { describe, expect, it } from 'vitest';
import { bookingDraft } from './draft';

describe("a visitor's booking form kept while they log in or sign up", () => {
  const draft = { values: { 1: 'Mild asthma' }, extras: { 9: 2 } };

  it('comes back to the same booking page while its login action waits', () => {
    bookingDraft.keep('courses:swim-5', draft);
    expect(bookingDraft.restore('courses:swim-5', true)).toEqual(draft);
    expect(bookingDraft.restore('courses:other-6', true)).toBeNull();
  });

  it('is dropped once the login is abandoned (closed, or a kiosk logged out): the next person sees nothing', () => {
    bookingDraft.keep('courses:swim-5', draft);
    expect(bookingDraft.restore('courses:swim-5', false)).toBeNull();
    expect(bookingDraft.restore('courses:swim-5', true)).toBeNull();
  });
});
