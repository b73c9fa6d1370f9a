import { sharedDefaultMessage, toastMessages } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { serverMessageOr } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useUser } from '../auth';
import { joinWaitlist } from './api/join-waitlist';
import { leaveWaitlist } from './api/leave-waitlist';
import { leaveWaitlistAsMember } from './api/leave-waitlist-as-member';
import { waitlistEntryIds } from './entry-ids';
import { waitlistKeys } from './keys';

/** Doc 2, section 8: waitlist failures show the shared error notice, with the server's message when it gave one. */
const notifyWaitlistError = (error: unknown) => notifyError(serverMessageOr(error, sharedDefaultMessage));

/** Join and leave a session's waitlist as the signed-in customer, with the spec's success toasts. */
export function useWaitlist() {
  const { user } = useUser();
  const userId = user?.id ?? 0;
  const join = useMutation({
    mutationKey: waitlistKeys.join(),
    mutationFn: joinWaitlist,
    meta: { toastErrors: false },
    onSuccess: (entry, occurrenceId) => {
      waitlistEntryIds.remember(userId, occurrenceId, entry.id);
      notifySuccess(toastMessages.waitlistJoined);
    },
    onError: notifyWaitlistError,
  });
  const leave = useMutation({
    mutationKey: waitlistKeys.leave(),
    mutationFn: (occurrenceId: string) => {
      const entryId = waitlistEntryIds.get(userId, occurrenceId);
      return entryId === undefined ? leaveWaitlistAsMember(occurrenceId, userId) : leaveWaitlist(entryId);
    },
    meta: { toastErrors: false },
    onSuccess: (_, occurrenceId) => {
      waitlistEntryIds.forget(userId, occurrenceId);
      notifySuccess(toastMessages.waitlistLeft);
    },
    onError: notifyWaitlistError,
  });
  return { join, leave };
}
