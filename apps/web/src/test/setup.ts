import '@testing-library/jest-dom/vitest';
import '../lib/i18n';
import { cleanup, configure } from '@testing-library/react';
import { destroyAnnouncer } from 'react-aria/private/live-announcer/LiveAnnouncer';
import toast from 'react-hot-toast';
import { afterEach, vi } from 'vitest';

// The machine running the suite is shared and often busy: a page that takes more than the default second to settle is
// load, not a bug (HELPERS.md), so the find* queries wait up to five.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  // React Aria's live announcer is a module-level singleton. An announcement made while Testing Library waits (when
  // IS_REACT_ACT_ENVIRONMENT is false) is queued on a 100 ms timer; if the file ends first, the timer fires after
  // jsdom is gone and Vitest reports "document is not defined" as an unhandled error, failing the run. Destroying
  // the announcer after each test turns that timer into a no-op (it checks the singleton before announcing).
  destroyAnnouncer();
  // Toasts live in a module-level store: without this, one test's toast is still on screen in the next.
  toast.remove();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  for (const c of document.cookie.split('; ')) {
    const name = c.split('=')[0];
    // biome-ignore lint/suspicious/noDocumentCookie: clearing test cookies
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  // What the app keeps of its cookies (the selected venue) is read again when the tab comes back into view.
  document.dispatchEvent(new Event('visibilitychange'));
});
