import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { selectedUser, useSelectedUserId } from '../../../lib/selected-user';
import { useUser } from '../../auth';
import { actableUsers, useLinkedUsers } from '../api/get-linked-users';
import { ActingForSelect } from './acting-for-select';

/**
 * The people the customer books for: themselves first, then the linked users who accepted their link. Undefined
 * while there is nobody but them (then nothing needs to say whom a line is for).
 */
export function usePeopleBookedFor(): { ownerId: number; ownerName: string; people: { id: number; name: string }[] } | undefined {
  const { user } = useUser();
  const links = useLinkedUsers(Boolean(user));
  const users = actableUsers(links.data);
  if (!user || users.length === 0) return undefined;
  const ownerName = `${user.firstName} ${user.lastName}`;
  return { ownerId: user.id, ownerName, people: [{ id: user.id, name: ownerName }, ...users] };
}

/**
 * "Booking for": yourself or a linked user who accepted your link. What is added then goes in the customer's own
 * basket marked for that person (purchased_for_user_id, decision 168); the account area shows that person's account.
 */
export function BookingForSelect() {
  const { t } = useTranslation('account');
  const { user } = useUser();
  const links = useLinkedUsers(Boolean(user));
  const selectedId = useSelectedUserId(user?.id);
  const users = actableUsers(links.data);
  if (!user || users.length === 0) return null;
  const me = `${user.firstName} ${user.lastName}`;
  const value = users.find((u) => u.id === selectedId);
  return (
    <ActingForSelect
      label={t('bookingFor.label')}
      me={me}
      users={users}
      value={value ? value.id : null}
      onChange={(id) => selectedUser.set(user.id, id)}
    />
  );
}

/** A reminder on every page while booking for someone else, with the way back to booking for yourself. */
export function BookingForNotice() {
  const { t } = useTranslation('account');
  const { user } = useUser();
  const selectedId = useSelectedUserId(user?.id);
  const links = useLinkedUsers(Boolean(user) && selectedId !== null);
  const person = actableUsers(links.data).find((u) => u.id === selectedId);
  if (!user || !person) return null;
  return (
    <div role="status" className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-md bg-secondary-1 p-3 text-on-secondary-1">
      <p>
        <span className="font-bold">{t('bookingFor.notice', { name: person.name })}</span>{' '}
        {t('bookingFor.basketNote', { name: person.name })}
      </p>
      <Button size="sm" variant="primary" onPress={() => selectedUser.set(user.id, null)}>
        {t('bookingFor.backToMe')}
      </Button>
    </div>
  );
}
