import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { usePage } from '../../../components/page-meta';
import { PageSpinner } from '../../../components/spinner';
import { loginModal, useUser } from '../../auth';

/** /account: the account dashboard (the rest of My account lives on its own sub-domain). */
export function DashboardPage() {
  const { t } = useTranslation('account');
  usePage({ title: t('dashboard.title'), crumbs: [{ label: t('dashboard.title') }] });
  const { user, isPending } = useUser();
  if (isPending) return <PageSpinner label={t('dashboard.title')} />;
  if (!user) {
    return (
      <div className="flex flex-col items-start gap-4">
        <h1 className="text-4xl font-bold">{t('dashboard.title')}</h1>
        <p>{t('dashboard.loggedOut')}</p>
        <Button onPress={() => loginModal.open()}>{t('dashboard.logIn')}</Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-4xl font-bold">{t('dashboard.title')}</h1>
      <p className="text-lg">{t('dashboard.welcome', { name: user.firstName })}</p>
      <section aria-labelledby="account-details" className="max-w-xl rounded-lg border border-gray-300 p-4">
        <h2 id="account-details" className="mb-3 text-2xl font-bold">
          {t('dashboard.details')}
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
          <dt className="font-bold">{t('dashboard.name')}</dt>
          <dd>{`${user.firstName} ${user.lastName}`}</dd>
          <dt className="font-bold">{t('dashboard.email')}</dt>
          <dd>{user.email}</dd>
          <dt className="font-bold">{t('dashboard.reference')}</dt>
          <dd>{user.reference}</dd>
        </dl>
      </section>
    </div>
  );
}
