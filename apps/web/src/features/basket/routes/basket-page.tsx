import { ShoppingBasket } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { Button, ButtonLink } from '../../../components/button';
import { usePage } from '../../../components/page-meta';
import { PageSpinner } from '../../../components/spinner';
import { useIsMobile } from '../../../lib/breakpoints';
import { useDebouncedCallback } from '../../../lib/debounce';
import { showAmount, showMoney } from '../../../lib/format';
import { useTermsAgreed } from '../../../lib/terms-agreement';
import { BookingForSelect, usePeopleBookedFor } from '../../account';
import { loginModal } from '../../auth';
import { useClient } from '../../tenancy';
import { useChangeCart, useClearCart } from '../api/change-cart';
import { type CartLine, useCart } from '../api/get-cart';
import { useRemoveFromCart } from '../api/remove-from-cart';
import { BasketItem, type BasketItemActions } from '../components/basket-item';
import { BasketTotals } from '../components/basket-totals';
import { TermsCheckbox } from '../components/terms';
import { lineNeedsAnswers } from '../lib/line-questions';

function TopBar({ count, total }: { count: number; total: string }) {
  const { t } = useTranslation('basket');
  const people = usePeopleBookedFor();
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4 rounded-lg bg-secondary-2 p-4">
        <div className="flex items-center gap-3">
          <h1 className="text-3xl font-bold">{t('title')}</h1>
          <span className="rounded-full bg-primary px-3 py-1 text-sm font-bold text-on-primary">{t('itemCount', { count })}</span>
        </div>
        <p className={`text-xl font-bold ${count === 0 ? 'text-gray-600' : ''}`}>
          <span className="sr-only">{t('total')}: </span>
          {total}
        </p>
      </div>
      {people ? <p className="text-lg">{t('owner', { name: people.ownerName })}</p> : null}
      <div className="max-w-sm">
        <BookingForSelect />
      </div>
    </>
  );
}

export function BasketPage() {
  const { t } = useTranslation('basket');
  usePage({ title: t('title'), crumbs: [{ label: t('title') }] });
  const { cart, isLoggedIn, userPending, isError, isPending } = useCart();
  const { data: client } = useClient();
  const [agreed, setAgreed] = useTermsAgreed();
  const isMobile = useIsMobile();
  const remove = useRemoveFromCart();
  const [removingId, setRemovingId] = useState<number | null>(null);
  const sendRemove = useDebouncedCallback((item: CartLine) => {
    remove.mutate(item.id, { onSettled: () => setRemovingId(null) });
  });
  const onRemove = (item: CartLine) => {
    setRemovingId(item.id);
    sendRemove(item);
  };
  const change = useChangeCart();
  const clear = useClearCart();
  const changing = change.isPending || clear.isPending;
  const actions: BasketItemActions = {
    busy: changing,
    onQuantity: (item, quantity) => change.mutate({ type: 'quantity', item, quantity }),
    onRemoveExtra: (item, extra) => change.mutate({ type: 'extra', item, pricingOptionId: extra.pricingOptionId, name: extra.name }),
    onRemoveBenefit: (item) => change.mutate({ type: 'benefit', item }),
    onRemovePackage: (item) => change.mutate({ type: 'package', item }),
    onMove: (item, toUserId) => change.mutate({ type: 'move', item, toUserId }),
  };
  const people = usePeopleBookedFor();

  if (userPending) return <PageSpinner label={t('title')} />;

  if (!isLoggedIn) {
    return (
      <div className="flex flex-col gap-6">
        <TopBar count={0} total={showAmount(0, client?.currency.code)} />
        <div className="flex flex-col items-center gap-4 py-12 text-center">
          <ShoppingBasket aria-hidden="true" className="size-12 text-gray-600" />
          <p className="text-lg">{t('emptyVisitor')}</p>
          <Button onPress={() => loginModal.open()}>{t('logIn')}</Button>
        </div>
      </div>
    );
  }
  if (isError) {
    return (
      <div className="flex flex-col gap-6">
        <TopBar count={0} total={showAmount(0, client?.currency.code)} />
        <Alert>{t('loadFailed')}</Alert>
      </div>
    );
  }
  if (isPending || !cart) return <PageSpinner label={t('title')} />;

  const count = cart.totals.itemCount;
  // An expired hold cannot be paid for: the customer removes it (and books again) before checking out.
  const hasExpired = cart.items.some((item) => item.expired);
  if (count === 0) {
    return (
      <div className="flex flex-col gap-6">
        <TopBar count={0} total={showMoney(cart.total)} />
        <div className="flex flex-col items-center gap-4 py-12 text-center">
          <ShoppingBasket aria-hidden="true" className="size-12 text-gray-600" />
          <p className="text-lg">{t('emptyLoggedIn')}</p>
        </div>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <TopBar count={count} total={showMoney(cart.total)} />
      <div className="grid gap-6 xl:grid-cols-[1fr_22rem]">
        <section aria-labelledby="basket-items" className="flex flex-col gap-4">
          <h2 id="basket-items" className="sr-only">
            {t('items')}
          </h2>
          <ul className="flex flex-col gap-4">
            {cart.items.map((item) => (
              <li key={item.id}>
                <BasketItem
                  item={item}
                  onRemove={onRemove}
                  removing={removingId === item.id}
                  actions={actions}
                  people={people}
                  cartId={cart.id}
                />
              </li>
            ))}
          </ul>
          <div>
            <Button variant="link" isDisabled={changing} onPress={() => clear.mutate()}>
              {t('clear')}
            </Button>
          </div>
        </section>
        <section aria-labelledby="basket-summary" className="flex flex-col gap-4 self-start rounded-lg border border-gray-300 p-4">
          <h2 id="basket-summary" className="text-xl font-bold">
            {t('summary')}
          </h2>
          <BasketTotals cart={cart} />
          {client?.terms ? <TermsCheckbox terms={client.terms} agreed={agreed} onChange={setAgreed} /> : null}
          {cart.items.some(lineNeedsAnswers) ? <Alert tone="info">{t('questions.needed')}</Alert> : null}
          {hasExpired ? (
            <>
              <Alert>{t('expiredBlocksCheckout')}</Alert>
              <Button isDisabled>{t('checkoutNow')}</Button>
            </>
          ) : (
            <ButtonLink to="/basket/checkout">{t('checkoutNow')}</ButtonLink>
          )}
          {isMobile ? (
            <ButtonLink to="/redirect-to-selected-venue" variant="secondary">
              {t('continueBrowsing')}
            </ButtonLink>
          ) : null}
        </section>
      </div>
    </div>
  );
}
