import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/button';
import { showAmount, showDate } from '../../../lib/format';
import { useAddToCart } from '../../basket/api/add-to-cart';
import { useClient } from '../../tenancy';
import { usePenalties } from '../api/get-penalties';

/**
 * The penalties a customer owes (a no-show or late-cancellation fee, decision 167), each payable online: Pay puts it in
 * the basket as the basket's penalty item and goes to checkout. Shown only while they owe something.
 */
export function PenaltiesSection() {
  const { t } = useTranslation('account');
  const { data: client } = useClient();
  const penalties = usePenalties(true);
  const add = useAddToCart();
  const navigate = useNavigate();
  const owed = (penalties.data ?? []).filter((p) => p.status === 'outstanding');
  if (owed.length === 0) return null;
  return (
    <section aria-labelledby="penalties-owed" className="max-w-xl rounded-lg border-2 border-red-800 p-4">
      <h2 id="penalties-owed" className="mb-2 text-2xl font-bold">
        {t('penalties.title')}
      </h2>
      <p className="mb-3">{t('penalties.intro')}</p>
      <ul className="flex flex-col gap-3">
        {owed.map((p) => {
          const amount = showAmount(p.amount, client?.currency.code);
          const what = p.booking
            ? t('penalties.forSession', {
                reason: p.reason,
                name: p.booking.name,
                date: showDate(p.booking.startsAt),
              })
            : p.reason;
          return (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-3">
              <span>
                {what}: <strong>{amount}</strong>
              </span>
              <Button
                onPress={() => add.mutate([{ id: p.id, type: 'penalty' }], { onSuccess: () => navigate('/basket/checkout') })}
                isDisabled={add.isPending}
                aria-label={t('penalties.payLabel', { what, amount })}
              >
                {t('penalties.pay')}
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
