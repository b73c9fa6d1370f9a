import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePage } from '../../../components/page-meta';
import { showAmount } from '../../../lib/format';
import { useUser } from '../../auth';
import { useClient } from '../../tenancy';
import { useBookings } from '../api/get-bookings';
import { BookingList } from '../components/booking-list';
import { ListState } from '../components/list-state';
import { PenaltiesSection } from '../components/penalties-section';
import { accountPaths } from '../paths';
import { useAccount } from '../use-account';

/** The account dashboard: who you are, your credit and your next bookings. */
export function DashboardPage() {
  const { t } = useTranslation('account');
  usePage({ title: t('dashboard.title'), crumbs: [{ label: t('dashboard.title') }] });
  const { user } = useUser();
  const { data: client } = useClient();
  const { who, whoName } = useAccount();
  const upcoming = useBookings(who, 'upcoming');
  if (!user) return null;
  const next = { ...upcoming, data: upcoming.data?.items.slice(0, 3) };

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
          <dt className="font-bold">{t('dashboard.credit')}</dt>
          <dd>{showAmount(user.credit.balance, client?.currency.code)}</dd>
        </dl>
      </section>
      {who === 'me' && user.hasOutstandingPenalties ? <PenaltiesSection /> : null}
      <section aria-labelledby="next-bookings" className="flex flex-col gap-3">
        <h2 id="next-bookings" className="text-2xl font-bold">
          {who === 'me' ? t('dashboard.upcoming') : `${t('dashboard.upcoming')}: ${whoName}`}
        </h2>
        <ListState query={next} empty={t('dashboard.noUpcoming')}>
          {(items) => <BookingList bookings={items} />}
        </ListState>
        <Link to={accountPaths.bookings} className="text-primary-text underline underline-offset-2">
          {t('dashboard.seeAll')}
        </Link>
      </section>
    </div>
  );
}
