import { useTranslation } from 'react-i18next';
import { bookingsHref } from '../../features/account';
import { useUser } from '../../features/auth';
import { useCartCount } from '../../features/basket';
import { useClient } from '../../features/tenancy';
import { useIsDesktop, useIsMobile } from '../../lib/breakpoints';
import { AccountActions } from './account-actions';
import { AreaLink } from './area-link';
import { BasketLink } from './basket-link';
import { MobileDrawer } from './mobile-drawer';
import { navItems } from './nav-items';

/** The header; `kioskHome` (kiosk mode) adds the 'Back to Kiosk Home' link. */
export function Header({ logo, kioskHome = null }: { logo?: string | null; kioskHome?: string | null }) {
  const { t } = useTranslation();
  const { t: tk } = useTranslation('kiosk');
  const { data: client } = useClient();
  const { isLoggedIn } = useUser();
  const count = useCartCount();
  const isDesktop = useIsDesktop();
  const isMobile = useIsMobile();
  // A kiosk is a shared screen in one centre: no browsing the whole site from it, and no accounts made on it
  // (issue 13, defect 15). 'Back to Kiosk Home' is its way round.
  const kiosk = kioskHome !== null;
  const items = kiosk ? [] : navItems(client?.features);
  const name = client?.name ?? t('appTitle');
  // The theme's logo (doc 1) where one is set, else the client's own (issue 13).
  const image = logo ?? client?.logoUrl ?? null;

  return (
    <header className="on-dark bg-header text-on-header">
      <div className="mx-auto flex min-h-16 max-w-[1264px] items-center gap-6 px-4">
        <AreaLink to={bookingsHref(kioskHome ?? '/')} className="flex min-h-11 items-center rounded-md font-heading text-xl font-bold">
          {image ? <img src={image} alt={name} width={167} height={40} className="h-10 w-auto" /> : name}
        </AreaLink>
        {isDesktop && items.length > 0 ? (
          <nav aria-label={t('mainNavigation')}>
            <ul className="flex items-center gap-1">
              {items.map((item) => (
                <li key={item.key}>
                  <AreaLink
                    nav
                    to={bookingsHref(item.to)}
                    className="inline-flex min-h-11 items-center rounded-md px-3 font-bold underline-offset-4 hover:underline"
                  >
                    {t(`nav.${item.key}`)}
                  </AreaLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <div className="ml-auto flex items-center gap-2">
          {kioskHome ? (
            <AreaLink
              to={bookingsHref(kioskHome)}
              className="inline-flex min-h-11 items-center rounded-md px-3 font-bold underline underline-offset-4 hover:no-underline"
            >
              {tk('backToKioskHome')}
            </AreaLink>
          ) : null}
          {isDesktop ? <AccountActions isLoggedIn={isLoggedIn} layout="bar" kiosk={kiosk} /> : null}
          <BasketLink count={count} showBadge={isLoggedIn || !isMobile} />
          {isDesktop ? null : <MobileDrawer items={items} isLoggedIn={isLoggedIn} kiosk={kiosk} />}
        </div>
      </div>
    </header>
  );
}
