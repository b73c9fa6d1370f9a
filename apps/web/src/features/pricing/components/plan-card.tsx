import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import type { Plan } from '../api/get-plans';

/** One membership plan: its name, what it gives, its price per period, and a Join button that names the plan. */
export function PlanCard({ plan, adding, disabled, onJoin }: { plan: Plan; adding: boolean; disabled: boolean; onJoin: () => void }) {
  const { t } = useTranslation('pricing');
  const headingId = `plan-${plan.id}`;
  return (
    <article aria-labelledby={headingId} className="flex h-full flex-col gap-3 rounded-lg border border-gray-300 p-5">
      <h2 id={headingId} className="text-2xl font-bold">
        {plan.name}
      </h2>
      {plan.description ? <p>{plan.description}</p> : null}
      <p className="text-xl font-bold">{t(`price.${plan.billingPeriod}`, { price: plan.price.formatted })}</p>
      <div className="mt-auto flex items-center gap-3 pt-2">
        <Button onPress={onJoin} isDisabled={disabled} aria-label={t('joinPlan', { name: plan.name })}>
          {t('join')}
        </Button>
        {adding ? <Spinner label={t('adding', { name: plan.name })} /> : null}
      </div>
    </article>
  );
}
