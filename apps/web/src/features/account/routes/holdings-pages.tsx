import { useTranslation } from 'react-i18next';
import { NotFoundMessage } from '../../../components/error-pages';
import { usePage } from '../../../components/page-meta';
import { showMoney } from '../../../lib/format';
import { useGuestPasses } from '../api/get-guest-passes';
import { useMemberships } from '../api/get-memberships';
import { usePackages } from '../api/get-packages';
import { ListState } from '../components/list-state';
import { showDay } from '../format';
import { accountPaths } from '../paths';
import { useAccount } from '../use-account';

const card = 'flex flex-col gap-1 rounded-lg border border-gray-300 p-4';
const badge = 'self-start rounded-full bg-secondary-2 px-3 py-1 text-sm font-bold text-gray-800';

/** /memberships: each membership with its status, price and period, home venue and dates. */
export function MembershipsPage() {
  const { t } = useTranslation('account');
  usePage({
    title: t('memberships.title'),
    crumbs: [{ label: t('nav.label'), to: accountPaths.dashboard }, { label: t('memberships.title') }],
  });
  const { who } = useAccount();
  const query = useMemberships(who);
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-4xl font-bold">{t('memberships.title')}</h1>
      <ListState query={query} empty={t('memberships.empty')}>
        {(items) => (
          <ul className="flex flex-col gap-3">
            {items.map((m) => (
              <li key={m.id} className={card}>
                <h2 className="text-xl font-bold">{m.name}</h2>
                <span className={badge}>{t(`memberships.status.${m.status}`)}</span>
                <p>{`${showMoney(m.price)} ${t(`memberships.period.${m.billingPeriod}`)}`}</p>
                {m.homeVenue ? <p>{t('memberships.homeVenue', { venue: m.homeVenue })}</p> : null}
                <p>{t('memberships.from', { date: showDay(m.startsAt) })}</p>
                {m.endsAt ? <p>{t('memberships.until', { date: showDay(m.endsAt) })}</p> : null}
              </li>
            ))}
          </ul>
        )}
      </ListState>
    </div>
  );
}

/** /packages: each package with its uses left and expiry. */
export function PackagesPage() {
  const { t } = useTranslation('account');
  usePage({ title: t('packages.title'), crumbs: [{ label: t('nav.label'), to: accountPaths.dashboard }, { label: t('packages.title') }] });
  const { who } = useAccount();
  const query = usePackages(who);
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-4xl font-bold">{t('packages.title')}</h1>
      <ListState query={query} empty={t('packages.empty')}>
        {(items) => (
          <ul className="flex flex-col gap-3">
            {items.map((p) => (
              <li key={p.id} className={card}>
                <h2 className="text-xl font-bold">{p.name}</h2>
                <p>{t('packages.uses', { remaining: p.usesRemaining, uses: p.uses })}</p>
                <p>{t('packages.expires', { date: showDay(p.expiresAt) })}</p>
              </li>
            ))}
          </ul>
        )}
      </ListState>
    </div>
  );
}

/** /guest-passes: only when the client offers online guest passes (doc 1, section 2). */
export function GuestPassesPage() {
  const { t } = useTranslation('account');
  const { who, guestPassesEnabled } = useAccount();
  const query = useGuestPasses(who, guestPassesEnabled);
  usePage({
    title: guestPassesEnabled ? t('guestPasses.title') : undefined,
    crumbs: [{ label: t('nav.label'), to: accountPaths.dashboard }, { label: t('guestPasses.title') }],
  });
  if (!guestPassesEnabled) return <NotFoundMessage />;
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-4xl font-bold">{t('guestPasses.title')}</h1>
      <ListState query={query} empty={t('guestPasses.empty')}>
        {(items) => (
          <ul className="flex flex-col gap-3">
            {items.map((g) => (
              <li key={g.id} className={card}>
                <span className={badge}>{t(`guestPasses.status.${g.status}`)}</span>
                {g.guestName ? <p>{t('guestPasses.guest', { name: g.guestName })}</p> : null}
                <p>{t('guestPasses.validUntil', { date: showDay(g.validUntil) })}</p>
              </li>
            ))}
          </ul>
        )}
      </ListState>
    </div>
  );
}
