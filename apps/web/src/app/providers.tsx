import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { PageMetaProvider } from '../components/page-meta';
import { sessionBelief } from '../lib/api';
import { useMediaQuery } from '../lib/breakpoints';
import { i18n } from '../lib/i18n';
import { loadToasts, toastDurations, useToastsWanted } from '../lib/notify';
import { installRefetchRules } from './refetch-rules';

const Toaster = lazy(() => loadToasts().then((m) => ({ default: m.Toaster })));

/**
 * Toasts: top-right, 325px wide, 5 s by default (doc 1, section 9), starting below the header so they never cover
 * the basket link or the account menu. A visitor who asks for reduced motion gets toasts that appear and go without
 * sliding or fading (the library's own reduced-motion animation still fades).
 */
export function AppToaster() {
  const reduceMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  // Mounted with the first notice (its code loads then, lib/notify.tsx).
  if (!useToastsWanted()) return null;
  return (
    <Suspense fallback={null}>
      <Toaster
        position="top-right"
        containerStyle={{ top: 72 }}
        toastOptions={{
          duration: toastDurations.normal,
          style: { width: '325px', maxWidth: '325px', color: '#1f2937', ...(reduceMotion ? { animation: 'none' } : {}) },
          success: { iconTheme: { primary: '#166534', secondary: '#ffffff' } },
          error: { iconTheme: { primary: '#b91c1c', secondary: '#ffffff' } },
        }}
      />
    </Suspense>
  );
}

/**
 * Server state (with the refetch rules of doc 2, section 4), strings, page meta and toasts. Losing the session while logged in (a 401 from any call) clears
 * every cached answer and reloads the page (doc 1, section 4).
 */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  useEffect(() => installRefetchRules(queryClient), [queryClient]);
  useEffect(() => {
    sessionBelief.onLost(() => {
      queryClient.clear();
      window.location.reload();
    });
  }, [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <PageMetaProvider>
          {children}
          <AppToaster />
        </PageMetaProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
