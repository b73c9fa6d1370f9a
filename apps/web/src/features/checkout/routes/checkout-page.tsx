import { LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/alert';
import { Button, ButtonLink } from '../../../components/button';
import { usePage } from '../../../components/page-meta';
import { PageSpinner } from '../../../components/spinner';
import { useIsDesktop } from '../../../lib/breakpoints';
import { showMoney } from '../../../lib/format';
import { loginModal, useUser } from '../../auth';
import { BasketItem, BasketTotals, lineNeedsAnswers, useCart } from '../../basket';
import { useClient } from '../../tenancy';
import { CheckoutForm } from '../components/checkout-form';
import { CreditsPanel } from '../components/credits-panel';
import { canKeepCards, isHostedProvider } from '../hosted-card/card-steps';
import { HostedCardFields } from '../hosted-card/hosted-card-fields';
import { usePay } from '../use-pay';

/** /basket/checkout and /checkout: the basket summary beside credits, billing and card, and the payment's progress. */
export function CheckoutPage() {
  const { t } = useTranslation('checkout');
  const { t: tb } = useTranslation('basket');
  const { t: ta } = useTranslation('attendees');
  usePage({ title: t('title'), crumbs: [{ label: tb('title'), to: '/basket' }, { label: t('title') }] });
  const { user } = useUser();
  const { cart, isLoggedIn, userPending, isPending, isError } = useCart();
  const { data: client } = useClient();
  const isDesktop = useIsDesktop();
  const payment = usePay(cart);

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
  if (payment.status === 'sca_required' || payment.status === 'sca_processing') {
    return (
      <div className="flex flex-col gap-4">
        {heading}
        <p role="status" className="flex items-center gap-3 text-lg">
          <LoaderCircle aria-hidden="true" className="size-6 animate-spin text-primary-text" />
          {payment.status === 'sca_required' ? t('sca.redirecting') : t('sca.verifying')}
        </p>
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
  if (cart.items.length === 0 && payment.status !== 'completed' && payment.status !== 'completing') {
    return (
      <div className="flex flex-col items-start gap-4">
        {heading}
        {payment.error ? <Alert>{payment.error}</Alert> : null}
        <p className="text-lg">{t('empty')}</p>
        <Link to="/redirect-to-selected-venue" className="text-primary-text underline underline-offset-2">
          {tb('continueBrowsing')}
        </Link>
      </div>
    );
  }

  const hasExpired = cart.items.some((i) => i.expired);
  return (
    <div className="flex flex-col gap-6">
      {heading}
      <div className="grid gap-8 xl:grid-cols-[1fr_24rem]">
        {/* The summary comes first in the page, so on a phone it is read before the Pay button (issue 13, defect 9);
            from the desktop breakpoint it sits on the right. */}
        <section
          aria-labelledby="checkout-summary"
          className="flex flex-col gap-4 self-start rounded-lg bg-secondary-2 p-4 xl:col-start-2 xl:row-start-1"
        >
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
        <div className="flex flex-col gap-6 xl:col-start-1 xl:row-start-1">
          {hasExpired ? (
            <Alert>{tb('expiredBlocksCheckout')}</Alert>
          ) : cart.items.some(lineNeedsAnswers) ? (
            // A session's questions are answered in the basket after it is added (decision 186); checkout refuses
            // a basket with a required one unanswered, so the customer is sent there first.
            <div className="flex flex-col items-start gap-3">
              <Alert>{tb('questions.needed')}</Alert>
              <ButtonLink to="/basket">{tb('questions.toBasket')}</ButtonLink>
            </div>
          ) : cart.attendeeWaiversRequired > 0 ? (
            // Post-purchase waivers are agreed per attendee on /attendees before the basket can be paid for (doc 1).
            <div className="flex flex-col items-start gap-3">
              <Alert>{ta('needWaivers')}</Alert>
              <ButtonLink to="/attendees">{ta('toAttendees')}</ButtonLink>
            </div>
          ) : (
            <>
              <CreditsPanel cart={cart} disabled={payment.processing} />
              <CheckoutForm
                key={cart.balance.value > 0 ? 'card' : 'credit'}
                amount={showMoney(cart.balance)}
                terms={client.terms}
                defaultName={{ firstName: user?.firstName ?? '', lastName: user?.lastName ?? '' }}
                onPay={payment.pay}
                processing={payment.processing}
                error={payment.error}
                cardErrors={payment.cardErrors}
                cardRequired={cart.balance.value > 0}
                savedCard={payment.session?.savedCard ?? null}
                paidByCredit={cart.credits.some((c) => c.amount > 0)}
                canSaveCard={canKeepCards(payment.session?.paymentProvider)}
                hostedCard={
                  isHostedProvider(payment.session?.paymentProvider) ? <HostedCardFields session={payment.session ?? null} /> : null
                }
              />
            </>
          )}
        </div>
      </div>
    </div>
  );
}
