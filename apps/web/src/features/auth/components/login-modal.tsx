import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Modal } from '../../../components/modal';
import { useShellMode } from '../../../lib/shell-mode';
import { loginModal, useLoginModalOpen } from '../login-modal-store';
import { LoginForm } from './login-form';

/** The login modal any screen can open; it closes itself on success (doc 1, section 4). */
export function LoginModal() {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation();
  const open = useLoginModalOpen();
  const { pathname, search } = useLocation();
  // A kiosk is a shared screen: no accounts are made on it (issue 13, defect 15).
  const { kiosk } = useShellMode();
  return (
    <Modal
      title={t('login.title')}
      isOpen={open}
      onOpenChange={(next) => (next ? loginModal.open() : loginModal.close())}
      closeLabel={tc('close')}
      size="sm"
    >
      <p className="mb-4">{t('login.intro')}</p>
      {/* Logging in keeps what the visitor was doing, for its page to carry on (issue 13, defect 2). */}
      <LoginForm onSuccess={() => loginModal.closeKeepingAction()} onNavigate={() => loginModal.close()} />
      {kiosk ? null : (
        <p className="mt-4">
          {t('login.noAccount')}{' '}
          {/* Signing up instead comes back here, where the action carries on as after a login (issue 13, defect 12). */}
          <Link
            to={`/register?redirect=${encodeURIComponent(pathname + search)}`}
            onClick={() => loginModal.closeKeepingAction()}
            className="text-primary-text underline underline-offset-2"
          >
            {t('login.createAccount')}
          </Link>
        </p>
      )}
    </Modal>
  );
}
