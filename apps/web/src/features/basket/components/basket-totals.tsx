import { useTranslation } from 'react-i18next';
import { showAmount, showMoney } from '../../../lib/format';
import type { CartView } from '../api/get-cart';

/** 'Basket cost:' and 'Total to pay:' (doc 1, section 2), with any credit applied between them. */
export function BasketTotals({ cart }: { cart: CartView }) {
  const { t } = useTranslation('basket');
  const credits = cart.credits.filter((c) => c.amount > 0);
  return (
    <dl className="flex flex-col gap-2">
      <div className="flex justify-between gap-4">
        <dt>{t('basketCost')}</dt>
        <dd>{showMoney(cart.total)}</dd>
      </div>
      {credits.map((c) => (
        <div key={c.tenderType} className="flex justify-between gap-4">
          <dt>{t(`creditLines.${c.tenderType}`, { defaultValue: t('creditLines.credit') })}</dt>
          <dd>{showAmount(-c.amount, cart.total.currency)}</dd>
        </div>
      ))}
      <div className="flex justify-between gap-4 border-t border-gray-300 pt-2 text-lg font-bold">
        <dt>{t('totalToPay')}</dt>
        <dd>{showMoney(cart.balance)}</dd>
      </div>
    </dl>
  );
}
