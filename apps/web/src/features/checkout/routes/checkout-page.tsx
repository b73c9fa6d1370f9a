import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { usePage } from '../../../components/page-meta';
import { PageSpinner } from '../../../components/spinner';
import { useIsDesktop } from '../../../lib/breakpoints';
import { loginModal, useUser } from '../../auth';
import { BasketItem, BasketTotals, useCart } from '../../basket';
import { useClient } from '../../tenancy';
import { CheckoutForm } from '../components/checkout-form';
import { usePay } from '../use-pay';

/** /basket/checkout and /checkout: the basket summary beside the billing and card form. */
export function CheckoutPage() {
  const { t } = useTranslation('checkout');
  const { t: tb } = useTranslation('basket');
  usePage({ title: t('title'), crumbs: [{ label: tb('title'), to: '/basket' }, { label: t('title') }] });
  const { user } = useUser();
  const { cart, isLoggedIn, userPending, isPending, isError } = useCart();
  const { data: client } = useClient();
  const isDesktop = useIsDesktop();
  const payment = usePay();

  const heading = <h1 className="text-4xl font-bold">{t('title')}</h1>;
  if (userPending) return <PageSpinner label={t('title')} />;
  if (!isLoggedIn) {
    return (
      <div className="flex flex-col items-start gap-4">
        {heading}
        <p className="text-lg">{tb('emptyVisitor')}</p>
        <Button onPress={() => loginModal.open()}>{tb('logIn')}</Button>
      </div>
    );
  }
  if (isError) {
    return (
      <div className="flex flex-col gap-4">
        {heading}
        <p role="alert">{tb('loadFailed')}</p>
      </div>
    );
  }
  if (isPending || !cart || !client) return <PageSpinner label={t('title')} />;
  if (cart.items.length === 0 && payment.status !== 'completed') {
    return (
      <div className="flex flex-col items-start gap-4">
        {heading}
        <p className="text-lg">{t('empty')}</p>
        <Link to="/redirect-to-selected-venue" className="text-primary-text underline underline-offset-2">
          {tb('continueBrowsing')}
        </Link>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      {heading}
      <div className="grid gap-8 xl:grid-cols-[1fr_24rem]">
        <CheckoutForm
          amount={cart.balance.formatted}
          terms={client.terms}
          defaultName={{ firstName: user?.firstName ?? '', lastName: user?.lastName ?? '' }}
          onPay={payment.pay}
          processing={payment.processing}
          error={payment.error}
          cardErrors={payment.cardErrors}
        />
        <section aria-labelledby="checkout-summary" className="flex flex-col gap-4 self-start rounded-lg bg-secondary-2 p-4 xl:order-none">
          <div className="flex items-center justify-between gap-4">
            <h2 id="checkout-summary" className="text-2xl font-bold">
              {t('summary')}
            </h2>
            {isDesktop ? (
              <Link to="/basket" className="text-primary-text underline underline-offset-2 hover:no-underline">
                {t('editBasket')}
              </Link>
            ) : null}
          </div>
          <ul className="flex flex-col gap-3">
            {cart.items.map((item) => (
              <li key={item.id}>
                <BasketItem item={item} />
              </li>
            ))}
          </ul>
          <BasketTotals cart={cart} />
        </section>
      </div>
    </div>
  );
}
