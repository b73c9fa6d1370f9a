import { useTranslation } from 'react-i18next';
import { buttonClass, PlainButton } from '../../components/plain-button';
import { accountHref, bookingsHref } from '../../features/account';
import { loginModal, useLogout } from '../../features/auth';
import { useClient } from '../../features/tenancy';
import { linkToArea } from '../../lib/shell-mode';
import { AreaLink } from './area-link';

interface AccountActionsProps {
  isLoggedIn: boolean;
  /** Called before an action, so the drawer can close first. */
  onAction?: () => void;
  layout: 'bar' | 'drawer';
  /** On a kiosk no account is made: 'Create an account' is not offered. */
  kiosk?: boolean;
}

/** Visitors: Log in and Create an account. Users: My account and Log out (doc 1, section 2). */
export function AccountActions({ isLoggedIn, onAction, layout, kiosk = false }: AccountActionsProps) {
  const { t } = useTranslation();
  const logout = useLogout();
  const { data: client } = useClient();
  const account = accountHref(client?.accountUrl);
  const onDark = layout === 'bar';
  const linkClass = onDark
    ? 'inline-flex min-h-11 items-center rounded-md px-3 font-bold underline-offset-4 hover:underline'
    : buttonClass('secondary', 'md', 'w-full');
  const buttonVariant = onDark ? 'ghost' : 'primary';
  const barButton = onDark ? 'text-on-header hover:bg-white/10 data-[hovered]:bg-white/10' : 'w-full';

  if (isLoggedIn) {
    return (
      <>
        <AreaLink to={linkToArea(account)} className={linkClass} onClick={onAction}>
          {t('account.myAccount')}
        </AreaLink>
        <PlainButton
          variant={buttonVariant}
          className={barButton}
          disabled={logout.isPending}
          onClick={() => {
            onAction?.();
            logout.mutate();
          }}
        >
          {t('account.logOut')}
        </PlainButton>
      </>
    );
  }
  return (
    <>
      <PlainButton
        variant={buttonVariant}
        className={barButton}
        onClick={() => {
          onAction?.();
          loginModal.open();
        }}
      >
        {t('account.logIn')}
      </PlainButton>
      {kiosk ? null : (
        <AreaLink to={bookingsHref('/register')} className={linkClass} onClick={onAction}>
          {t('account.createAccount')}
        </AreaLink>
      )}
    </>
  );
}
