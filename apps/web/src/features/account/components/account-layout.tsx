import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { Button } from '../../../components/button';
import { PageSpinner } from '../../../components/spinner';
import { selectedUser, useSelectedUserId } from '../../../lib/selected-user';
import { loginModal, useUser } from '../../auth';
import { useClient } from '../../tenancy';
import { actableUsers, useLinkedUsers } from '../api/get-linked-users';
import { accountNavItems } from '../paths';
import type { AccountContext } from '../use-account';
import { ActingForSelect } from './acting-for-select';

/** The account area: its navigation, whose account is shown (self or an accepted linked user), and the page. */
export function AccountLayout() {
  const { t } = useTranslation('account');
  const { user, isPending } = useUser();
  const { data: client } = useClient();
  const links = useLinkedUsers(Boolean(user));
  const selectedId = useSelectedUserId(user?.id);
  const actable = actableUsers(links.data);
  const acting = actable.find((u) => u.id === selectedId) ?? null;

  // A link that is no longer accepted stops the acting-for at once.
  useEffect(() => {
    if (user && selectedId !== null && links.data && !acting) selectedUser.set(user.id, null);
  }, [user, selectedId, links.data, acting]);

  if (isPending) return <PageSpinner label={t('loading')} />;
  if (!user) {
    return (
      <div className="flex flex-col items-start gap-4">
        <h1 className="text-4xl font-bold">{t('nav.label')}</h1>
        <p>{t('loggedOut')}</p>
        <Button onPress={() => loginModal.open()}>{t('logIn')}</Button>
      </div>
    );
  }

  const guestPassesEnabled = Boolean(client?.features.onlineGuestPassesEnabled);
  const items = accountNavItems(guestPassesEnabled).map((item) => ({ ...item, label: t(`nav.${item.key}`) }));
  const context: AccountContext = {
    who: acting ? acting.id : 'me',
    whoName: acting ? acting.name : `${user.firstName} ${user.lastName}`,
    guestPassesEnabled,
  };

  return (
    <div className="flex flex-col gap-6 lg:flex-row">
      <div className="flex shrink-0 flex-col gap-4 lg:w-60">
        <nav aria-label={t('nav.label')}>
          <ul className="flex flex-wrap gap-1 lg:flex-col">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.end}
                  className="flex min-h-11 items-center rounded-md px-3 font-bold text-gray-800 hover:bg-gray-100 aria-[current=page]:bg-primary aria-[current=page]:text-on-primary"
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {actable.length > 0 ? (
          <ActingForSelect
            me={`${user.firstName} ${user.lastName}`}
            users={actable}
            value={acting?.id ?? null}
            onChange={(id) => selectedUser.set(user.id, id)}
          />
        ) : null}
      </div>
      <div className="min-w-0 flex-1">
        <Outlet context={context} />
      </div>
    </div>
  );
}
