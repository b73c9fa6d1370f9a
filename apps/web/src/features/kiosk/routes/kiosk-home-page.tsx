import { useTranslation } from 'react-i18next';
import { Button, ButtonLink, buttonClass } from '../../../components/button';
import { usePage } from '../../../components/page-meta';
import { useSelectedVenue } from '../../../lib/selected-venue';
import { linkToArea, useShellMode } from '../../../lib/shell-mode';
import { accountHref } from '../../account';
import { loginModal, useUser } from '../../auth';
import { useClient } from '../../tenancy';
import { useVenue } from '../../venues';

/** /kiosk: where a kiosk starts and where an idle kiosk returns, for the device's centre. */
export function KioskHomePage() {
  const { t } = useTranslation('kiosk');
  const { centre } = useShellMode();
  const selected = useSelectedVenue();
  const slug = centre ?? selected ?? undefined;
  const { data: venue } = useVenue(slug);
  const { isLoggedIn, user } = useUser();
  const { data: client } = useClient();
  const account = accountHref(client?.accountUrl);
  usePage({ title: t('title') });

  return (
    <div className="flex flex-col items-center gap-8 py-8 text-center">
      <h1 className="text-4xl font-bold">{venue ? t('welcomeTo', { name: venue.name }) : t('welcome')}</h1>
      {isLoggedIn && user ? <p className="text-xl">{t('loggedInAs', { name: `${user.firstName} ${user.lastName}` })}</p> : null}
      <div className="flex w-full max-w-md flex-col gap-4">
        <ButtonLink to={slug ? `/location/${slug}` : '/redirect-to-selected-venue'} className="min-h-16 text-xl">
          {t('bookActivity')}
        </ButtonLink>
        {isLoggedIn && account.startsWith('/') ? (
          <ButtonLink to={account} variant="secondary" className="min-h-16 text-xl">
            {t('myAccount')}
          </ButtonLink>
        ) : isLoggedIn ? (
          <a href={linkToArea(account)} className={buttonClass('secondary', 'md', 'min-h-16 text-xl')}>
            {t('myAccount')}
          </a>
        ) : (
          <Button variant="secondary" className="min-h-16 text-xl" onPress={() => loginModal.open()}>
            {t('logIn')}
          </Button>
        )}
      </div>
      <p className="text-gray-700">{t('idleNotice')}</p>
    </div>
  );
}
