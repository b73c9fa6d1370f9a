import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { showMoney } from '../../../lib/format';
import type { Plan } from '../api/get-plans';

/**
 * One membership plan: its name, what it gives, its price per period, and a Join button that names the plan; for a
 * member, 'Your membership' on the plan they hold and 'Change' on the others.
 */
export function PlanCard({
  plan,
  adding,
  disabled,
  onJoin,
  membershipsHref,
}: {
  plan: Plan;
  adding: boolean;
  disabled: boolean;
  onJoin: () => void;
  membershipsHref: string;
}) {
  const { t } = useTranslation('pricing');
  const headingId = `plan-${plan.id}`;
  return (
    <article aria-labelledby={headingId} className="flex h-full flex-col gap-3 rounded-lg border border-gray-300 p-5">
      <h2 id={headingId} className="text-2xl font-bold">
        {plan.name}
      </h2>
      {plan.description ? <p>{plan.description}</p> : null}
      <p className="text-xl font-bold">{t(`price.${plan.billingPeriod}`, { price: showMoney(plan.price) })}</p>
      <div className="mt-auto flex flex-wrap items-center gap-3 pt-2">
        {plan.held === 'this_plan' ? (
          // A member is not offered to join the plan they hold (issue 13, defect 14).
          <>
            <p className="rounded-md bg-secondary-2 px-3 py-2 font-bold">{t('yours')}</p>
            <Link to={membershipsHref} className="text-primary-text underline underline-offset-2">
              {t('seeYours')}
            </Link>
          </>
        ) : (
          <>
            <Button
              onPress={onJoin}
              isDisabled={disabled}
              aria-label={t(plan.held === 'another_plan' ? 'changePlan' : 'joinPlan', { name: plan.name })}
            >
              {t(plan.held === 'another_plan' ? 'change' : 'join')}
            </Button>
            {adding ? <Spinner label={t('adding', { name: plan.name })} /> : null}
          </>
        )}
      </div>
    </article>
  );
}
