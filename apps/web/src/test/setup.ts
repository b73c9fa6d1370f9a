import '@testing-library/jest-dom/vitest';
import '../lib/i18n';
import { cleanup } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, vi } from 'vitest';

afterEach(() => {
  cleanup();
  // Toasts live in a module-level store: without this, one test's toast is still on screen in the next.
  toast.remove();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  for (const c of document.cookie.split('; ')) {
    const name = c.split('=')[0];
    // biome-ignore lint/suspicious/noDocumentCookie: clearing test cookies
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
});
