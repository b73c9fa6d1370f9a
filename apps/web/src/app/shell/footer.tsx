import { lazy, Suspense } from 'react';
import { useClient, useFooter } from '../../features/tenancy';
import { useSelectedVenue } from '../../lib/selected-venue';

// The sanitiser is loaded with the footer's HTML, not with the shell (decision 085).
const SafeHtml = lazy(() => import('../../components/safe-html').then((m) => ({ default: m.SafeHtml })));

/** The operator's footer for the selected venue (HTML, sanitised again here). */
export function Footer() {
  const venue = useSelectedVenue();
  const { data: html } = useFooter(venue);
  const { data: client } = useClient();
  return (
    <footer className="on-dark mt-12 bg-dark text-on-dark">
      <div className="mx-auto flex max-w-[1264px] flex-col gap-2 px-4 py-8">
        {html ? (
          <Suspense fallback={null}>
            <SafeHtml html={html} />
          </Suspense>
        ) : null}
        {client ? (
          <p className="text-sm">
            © {new Date().getFullYear()} {client.name}
          </p>
        ) : null}
      </div>
    </footer>
  );
}
