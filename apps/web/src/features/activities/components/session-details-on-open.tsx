import { type ComponentProps, lazy, Suspense, useState } from 'react';
import type { SessionDetails as SessionDetailsType } from './session-details';

// The slide-over's code (React Aria's modal and dialog, about 12 KB gzip) is not on a class day's first download: it
// loads when the customer first opens a session's details (issue 12, decision 294).
const SessionDetails = lazy(() => import('./session-details').then((m) => ({ default: m.SessionDetails })));

/** The session's details (session-details.tsx), mounted once first opened and kept so it closes as it opens. */
export function SessionDetailsOnOpen(props: ComponentProps<typeof SessionDetailsType>) {
  const [wanted, setWanted] = useState(false);
  if (!wanted && props.id !== null) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SessionDetails {...props} />
    </Suspense>
  );
}
