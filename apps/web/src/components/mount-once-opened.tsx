import { type ReactNode, Suspense, useState } from 'react';

/**
 * A lazy dialog's place (issue 12): its children mount the first time `open` is true, so their code loads only when
 * first wanted, and stay mounted after, so the dialog closes as it opens. Nothing shows while the code loads.
 */
export function MountOnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  return <Suspense fallback={null}>{children}</Suspense>;
}
