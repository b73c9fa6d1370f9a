import { X } from 'lucide-react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/button';
import { accountHref, accountNavItems, bookingsHref } from '../../features/account';
import { useClient } from '../../features/tenancy';
import { AccountActions } from './account-actions';
import { AreaLink } from './area-link';
import type { NavItem } from './nav-items';

/** The drawer itself, loaded when it is first opened (or about to be): the header does not carry its dialog code. */
export function MobileDrawerPanel({
  items,
  isLoggedIn,
  kiosk,
  open,
  setOpen,
}: {
  items: NavItem[];
  isLoggedIn: boolean;
  kiosk: boolean;
  open: boolean;
  setOpen: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const { t: ta } = useTranslation('account');
  const { data: client } = useClient();
  // The account links are paths of this origin unless the account area lives on its own (decision 061).
  const accountIsHere = accountHref(client?.accountUrl).startsWith('/');
  const close = () => setOpen(false);
  return (
    <ModalOverlay isOpen={open} onOpenChange={setOpen} isDismissable className="fixed inset-0 z-50 bg-black/50">
      <Modal className="fixed inset-y-0 right-0 flex w-80 max-w-[85vw] flex-col overflow-y-auto bg-white shadow-xl">
        <Dialog className="flex flex-col gap-6 p-6 outline-none">
          <div className="flex items-center justify-between">
            <Heading slot="title" className="text-2xl font-bold">
              {t('menu')}
            </Heading>
            <Button variant="ghost" size="sm" onPress={close} aria-label={t('closeMenu')}>
              <X aria-hidden="true" className="size-6" />
            </Button>
          </div>
          {items.length > 0 ? (
            <nav aria-label={t('mainNavigation')}>
              <ul className="flex flex-col gap-1">
                {items.map((item) => (
                  <li key={item.key}>
                    <AreaLink
                      to={bookingsHref(item.to)}
                      onClick={close}
                      className="flex min-h-11 items-center rounded-md px-2 font-bold hover:bg-gray-100"
                    >
                      {t(`nav.${item.key}`)}
                    </AreaLink>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          {isLoggedIn && accountIsHere ? (
            <nav aria-label={ta('nav.label')} className="border-t border-gray-300 pt-6">
              <ul className="flex flex-col gap-1">
                {accountNavItems(Boolean(client?.features.onlineGuestPassesEnabled)).map((item) => (
                  <li key={item.key}>
                    <Link to={item.to} onClick={close} className="flex min-h-11 items-center rounded-md px-2 hover:bg-gray-100">
                      {ta(`nav.${item.key}`)}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          <section aria-label={t('account.accountNavigation')} className="flex flex-col gap-3 border-t border-gray-300 pt-6">
            <AccountActions isLoggedIn={isLoggedIn} onAction={close} layout="drawer" kiosk={kiosk} />
          </section>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
