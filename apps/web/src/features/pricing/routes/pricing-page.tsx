import { pageMessages, todayIn } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { NotFoundMessage } from '../../../components/error-pages';
import { usePage } from '../../../components/page-meta';
import { PageSpinner } from '../../../components/spinner';
import { accountHref } from '../../account';
import { loginModal, useCarryOnAfterLogin, useUser } from '../../auth';
import { AddedPanel, useAddToCart } from '../../basket';
import { useClient } from '../../tenancy';
import { useJoiningVenues } from '../api/get-joining-venues';
import { type Plan, usePlans } from '../api/get-plans';
import { JoinReview } from '../components/join-review';
import { PlanCard } from '../components/plan-card';

const JOIN_KEY = 'pricing-join';

/**
 * /pricing, 'Membership pricing' (doc 1, section 2): the online-joining entry. Anyone may read the prices; Join puts
 * the plan in the basket as a new membership and opens 'Items added to basket', as booking a session does, and a
 * visitor is asked to log in first (the login modal, as on a timetable). Without online joining there is no page.
 */
export function PricingPage() {
  const { t } = useTranslation('pricing');
  const client = useClient();
  const enabled = client.data?.features.onlineJoiningEnabled === true;
  // The page's effect runs after the not-found message's, so it names the not-found title itself.
  const title = enabled ? t('title') : client.data ? pageMessages.notFoundTitle : undefined;
  usePage({ title, crumbs: enabled ? [{ label: t('title') }] : undefined });
  const { isLoggedIn, user } = useUser();
  const plans = usePlans(enabled, user?.id ?? null);
  const venues = useJoiningVenues(enabled && isLoggedIn);
  const add = useAddToCart();
  const [addingId, setAddingId] = useState<number | null>(null);
  const [reviewing, setReviewing] = useState<Plan | null>(null);
  const [added, setAdded] = useState(false);
  // Join pressed as a visitor carries on once they have logged in or signed up (issue 13, defect 2): the review opens
  // for that plan once the plans are known for them, unless it turns out to be the membership they already hold.
  useCarryOnAfterLogin<number>(
    JOIN_KEY,
    (planId) => {
      const plan = plans.data?.find((p) => p.id === planId);
      if (plan && plan.held !== 'this_plan') setReviewing(plan);
    },
    plans.isSuccess,
  );

  if (client.isPending) return <PageSpinner label={t('loading')} />;
  if (!enabled) return <NotFoundMessage />;

  // Join (or Change, for a member) first shows what joining means and asks for the home venue (issue 13, defect 14).
  const join = (plan: Plan) => {
    if (!isLoggedIn) {
      loginModal.open({ key: JOIN_KEY, payload: plan.id });
      return;
    }
    setReviewing(plan);
  };
  const confirm = (plan: Plan, homeVenueId: number | null) => {
    setAddingId(plan.id);
    add.mutate(
      [{ id: plan.id, type: plan.held === 'another_plan' ? 'membershipChange' : 'membership', ...(homeVenueId ? { homeVenueId } : {}) }],
      {
        onSuccess: () => {
          setReviewing(null);
          setAdded(true);
        },
        onSettled: () => setAddingId(null),
      },
    );
  };

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-4xl font-bold">{t('title')}</h1>
        <p className="mt-1 text-lg">{t('intro')}</p>
      </div>
      {plans.isPending ? <PageSpinner label={t('loading')} /> : null}
      {plans.isError ? <Alert>{t('failed')}</Alert> : null}
      {plans.data?.length === 0 ? <p className="rounded-md bg-secondary-2 p-4">{t('empty')}</p> : null}
      {plans.data?.length ? (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {plans.data.map((plan) => (
            <li key={plan.id}>
              <PlanCard
                plan={plan}
                adding={addingId === plan.id}
                disabled={addingId !== null}
                onJoin={() => join(plan)}
                membershipsHref={accountHref(client.data?.accountUrl, 'memberships')}
              />
            </li>
          ))}
        </ul>
      ) : null}
      {reviewing ? (
        <JoinReview
          plan={reviewing}
          today={todayIn(client.data?.timezone ?? 'Europe/London')}
          venues={venues.isError ? [] : (venues.data?.map((v) => ({ id: v.id, slug: v.slug, name: v.name })) ?? null)}
          homeVenueSlug={user?.homeVenueSlug ?? null}
          adding={addingId === reviewing.id}
          onClose={() => setReviewing(null)}
          onConfirm={(venueId) => confirm(reviewing, venueId)}
        />
      ) : null}
      <AddedPanel isOpen={added} onOpenChange={setAdded} text={t('added')} />
    </div>
  );
}
