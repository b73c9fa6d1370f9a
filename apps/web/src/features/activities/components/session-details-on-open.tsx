import { type ComponentProps, lazy } from 'react';
import { MountOnceOpened } from '../../../components/mount-once-opened';
import type { SessionDetails as SessionDetailsType } from './session-details';

// The slide-over's code (React Aria's modal and dialog, about 12 KB gzip) is not on a class day's first download: it
// loads when the customer first opens a session's details (issue 12, decision 294).
const SessionDetails = lazy(() => import('./session-details').then((m) => ({ default: m.SessionDetails })));

/** The session's details (session-details.tsx), mounted once first opened and kept so it closes as it opens. */
export function SessionDetailsOnOpen(props: ComponentProps<typeof SessionDetailsType>) {
  return (
    <MountOnceOpened open={props.id !== null}>
      <SessionDetails {...props} />
    </MountOnceOpened>
  );
}
