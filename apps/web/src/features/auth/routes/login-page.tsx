import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { usePage } from '../../../components/page-meta';
import { PageSpinner } from '../../../components/spinner';
import { useShellMode } from '../../../lib/shell-mode';
import { useUser } from '../api/get-user';
import { LoginForm } from '../components/login-form';
import { useAfterAuthPath } from './use-after-auth-redirect';

export function LoginPage() {
  const { t } = useTranslation('auth');
  usePage({ title: t('login.title'), crumbs: [{ label: t('login.title') }] });
  const { isLoggedIn, isPending } = useUser();
  const next = useAfterAuthPath();
  const navigate = useNavigate();
  // A kiosk is a shared screen: no accounts are made on it (issue 13, defect 15).
  const { kiosk } = useShellMode();
  if (isPending) return <PageSpinner label={t('login.title')} />;
  if (isLoggedIn) return <Navigate to={next} replace />;
  return (
    <div className="mx-auto flex max-w-md flex-col gap-4">
      <h1 className="text-3xl font-bold">{t('login.title')}</h1>
      <p>{t('login.intro')}</p>
      <LoginForm onSuccess={() => navigate(next, { replace: true })} />
      {kiosk ? null : (
        <p>
          {t('login.noAccount')}{' '}
          <Link
            to={next === '/' ? '/register' : `/register?redirect=${encodeURIComponent(next)}`}
            className="text-primary-text underline underline-offset-2"
          >
            {t('login.createAccount')}
          </Link>
        </p>
      )}
    </div>
  );
}
