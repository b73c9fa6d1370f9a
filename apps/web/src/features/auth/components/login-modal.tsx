import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Modal } from '../../../components/modal';
import { loginModal, useLoginModalOpen } from '../login-modal-store';
import { LoginForm } from './login-form';

/** The login modal any screen can open; it closes itself on success (doc 1, section 4). */
export function LoginModal() {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation();
  const open = useLoginModalOpen();
  return (
    <Modal
      title={t('login.title')}
      isOpen={open}
      onOpenChange={(next) => (next ? loginModal.open() : loginModal.close())}
      closeLabel={tc('close')}
      size="sm"
    >
      <p className="mb-4">{t('login.intro')}</p>
      <LoginForm onSuccess={() => loginModal.close()} onNavigate={() => loginModal.close()} />
      <p className="mt-4">
        {t('login.noAccount')}{' '}
        <Link to="/register" onClick={() => loginModal.close()} className="text-primary-text underline underline-offset-2">
          {t('login.createAccount')}
        </Link>
      </p>
    </Modal>
  );
}
