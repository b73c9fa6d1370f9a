import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { selectedUser, useSelectedUserId } from '../../../lib/selected-user';
import { useUser } from '../../auth';
import { actableUsers, useLinkedUsers } from '../api/get-linked-users';
import { ActingForSelect } from './acting-for-select';

/**
 * "Booking for": yourself or a linked user who accepted your link. The choice travels as selected_user_id with the
 * basket and checkout calls (doc 1, section 1), so the basket, its bookings and the order are theirs.
 */
export function BookingForSelect() {
  const { t } = useTranslation('account');
  const { user } = useUser();
  const links = useLinkedUsers(Boolean(user));
  const selectedId = useSelectedUserId(user?.id);
  const users = actableUsers(links.data);
  if (!user || users.length === 0) return null;
  return (
    <ActingForSelect
      label={t('bookingFor.label')}
      me={`${user.firstName} ${user.lastName}`}
      users={users}
      value={users.some((u) => u.id === selectedId) ? selectedId : null}
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
      <p className="font-bold">{t('bookingFor.notice', { name: person.name })}</p>
      <Button size="sm" variant="primary" onPress={() => selectedUser.set(user.id, null)}>
        {t('bookingFor.backToMe')}
      </Button>
    </div>
  );
}
