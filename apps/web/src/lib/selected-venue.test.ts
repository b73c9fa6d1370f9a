import { describe, expect, it, vi } from 'vitest';
import { getSelectedVenue, selectVenue } from './selected-venue';

describe('the selected venue', () => {
  it('is read from its cookie once, not on every render, and follows this tab’s choice', () => {
    const cookie = vi.spyOn(Document.prototype, 'cookie', 'get');
    selectVenue('harrogate');
    cookie.mockClear();
    for (let i = 0; i < 50; i++) expect(getSelectedVenue()).toBe('harrogate');
    expect(cookie).not.toHaveBeenCalled();
    selectVenue('ripon');
    expect(getSelectedVenue()).toBe('ripon');
    expect(document.cookie).toContain('selected_venue=ripon');
  });

  it('is read again when the tab comes back into view, since another tab may have chosen one', () => {
    selectVenue('harrogate');
    // biome-ignore lint/suspicious/noDocumentCookie: another tab's choice, as the browser would store it
    document.cookie = 'selected_venue=knaresborough; path=/';
    expect(getSelectedVenue()).toBe('harrogate');
    expect(document.visibilityState).toBe('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(getSelectedVenue()).toBe('knaresborough');
  });
});
