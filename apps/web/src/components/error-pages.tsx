import { pageMessages } from '@app/contracts';
import type { ReactNode } from 'react';
import { buttonClass } from './button';
import { usePageTitle } from './page-meta';

/** Full-page messages. `standalone` pages (outside the shell) bring their own main landmark. */
function Frame({ standalone, children }: { standalone: boolean; children: ReactNode }) {
  const body = <div className="mx-auto flex max-w-2xl flex-col items-start gap-4 px-4 py-16">{children}</div>;
  return standalone ? (
    <main id="main-content" tabIndex={-1} className="outline-none">
      {body}
    </main>
  ) : (
    body
  );
}

// A plain link: after an error, going home with a fresh page load is the reliable way out.
const GoHome = () => (
  <a href="/" className={buttonClass('primary')}>
    {pageMessages.goHome}
  </a>
);

export function NotFoundMessage({ standalone = false }: { standalone?: boolean }) {
  usePageTitle(pageMessages.notFoundTitle);
  return (
    <Frame standalone={standalone}>
      <h1 className="text-4xl font-bold">{pageMessages.notFoundTitle}</h1>
      <p className="text-lg">{pageMessages.notFoundText}</p>
      <GoHome />
    </Frame>
  );
}

export function ErrorMessage({ standalone = false }: { standalone?: boolean }) {
  usePageTitle(pageMessages.errorTitle);
  return (
    <Frame standalone={standalone}>
      <h1 className="text-4xl font-bold">{pageMessages.errorTitle}</h1>
      <p className="text-lg">{pageMessages.errorText}</p>
      <GoHome />
    </Frame>
  );
}

export function MaintenanceMessage() {
  usePageTitle(pageMessages.maintenance);
  return (
    <Frame standalone>
      <h1 className="text-3xl font-bold">{pageMessages.maintenance}</h1>
    </Frame>
  );
}
