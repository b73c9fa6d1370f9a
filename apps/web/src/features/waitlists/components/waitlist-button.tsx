import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { loginModal, useCarryOnAfterLogin, useUser } from '../../auth';
import { useWaitlist } from '../use-waitlist';

interface WaitlistButtonProps {
  occurrenceId: string;
  action: 'join_waitlist' | 'leave_waitlist';
  /** What the session is, for the button's accessible name: 'Spin at 18:30 - 19:15'. */
  sessionLabel: string;
}

/** Join or leave a full session's waitlist, as the session's bookable action says; a visitor is asked to log in. */
export function WaitlistButton({ occurrenceId, action, sessionLabel }: WaitlistButtonProps) {
  const { t } = useTranslation('activities');
  const { isLoggedIn } = useUser();
  const { join, leave } = useWaitlist();
  const busy = join.isPending || leave.isPending;
  const joining = action === 'join_waitlist';
  // 'Join waitlist' pressed as a visitor carries on once they have logged in or signed up (issue 13, defect 2), if
  // the session still offers it to them. The key names the session: a timetable has a button for each.
  const carryOnKey = `join-waitlist-${occurrenceId}`;
  useCarryOnAfterLogin<null>(carryOnKey, () => join.mutate(occurrenceId), joining);
  return (
    <Button
      variant={joining ? 'primary' : 'secondary'}
      isDisabled={busy}
      aria-label={t(joining ? 'waitlist.joinSession' : 'waitlist.leaveSession', { session: sessionLabel })}
      onPress={() => {
        if (!isLoggedIn) {
          loginModal.open(joining ? { key: carryOnKey } : undefined);
          return;
        }
        if (joining) join.mutate(occurrenceId);
        else leave.mutate(occurrenceId);
      }}
    >
      {t(joining ? 'waitlist.join' : 'waitlist.leave')}
    </Button>
  );
}
