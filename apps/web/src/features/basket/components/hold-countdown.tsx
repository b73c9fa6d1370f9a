import { checkoutMessages } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { basketKeys } from '../keys';
import { crossedThreshold, formatCountdown, secondsLeft } from '../lib/hold-time';

const announcements = {
  fiveMinutes: checkoutMessages.holdFiveMinutes,
  oneMinute: checkoutMessages.holdOneMinute,
  expired: checkoutMessages.holdExpired,
} as const;

/**
 * The basket hold's live countdown (decision 121). The clock ticks every second for sighted users but is hidden
 * from screen readers; they hear a polite announcement only at 5 minutes, 1 minute and when the hold runs out,
 * because a region updated every second would talk over everything else. When the hold ends the basket is
 * reloaded so the server's own 'expired' state replaces the clock.
 */
export function HoldCountdown({ expiresAt }: { expiresAt: string }) {
  const queryClient = useQueryClient();
  const [left, setLeft] = useState(() => secondsLeft(expiresAt, Date.now()));
  const [announcement, setAnnouncement] = useState('');
  const previous = useRef(left);

  useEffect(() => {
    previous.current = secondsLeft(expiresAt, Date.now());
    setLeft(previous.current);
    if (previous.current <= 0) return;
    const timer = setInterval(() => {
      const now = secondsLeft(expiresAt, Date.now());
      const crossed = crossedThreshold(previous.current, now);
      previous.current = now;
      setLeft(now);
      if (crossed) setAnnouncement(announcements[crossed]);
      if (crossed === 'expired') {
        clearInterval(timer);
        void queryClient.invalidateQueries({ queryKey: basketKeys.all });
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [expiresAt, queryClient]);

  return (
    <div className="text-sm text-gray-700">
      {left > 0 ? (
        <p aria-hidden="true" className="font-medium" data-testid="hold-clock">
          {checkoutMessages.holdCountdown(formatCountdown(left))}
        </p>
      ) : (
        <p className="font-bold text-red-800">{checkoutMessages.holdExpired}</p>
      )}
      <p>{checkoutMessages.holdReason}</p>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
