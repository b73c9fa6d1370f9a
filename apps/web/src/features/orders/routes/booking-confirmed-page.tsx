import { dayjs } from '@app/contracts';
import { CheckCircle2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Alert } from '../../../components/alert';
import { Button, ButtonLink } from '../../../components/button';
import { NotFoundMessage } from '../../../components/error-pages';
import { usePage } from '../../../components/page-meta';
import { PageSpinner } from '../../../components/spinner';
import { statusOf } from '../../../lib/api';
import { loginModal, useUser } from '../../auth';
import { useOrder } from '../api/get-order';

/**
 * /booking-confirmed/:completeOrderId: what was booked, the total and how it was paid. The online-joining variant,
 * /order-confirmed/:completeOrderId, is the same page in its own words (a membership bought, not a booking).
 */
export function BookingConfirmedPage({ variant = 'booking' }: { variant?: 'booking' | 'order' }) {
  const { t: tOrders } = useTranslation('orders');
  const { t: tc } = useTranslation();
  const t = (key: 'confirmed.title' | 'confirmed.intro' | 'confirmed.lines') =>
    tOrders(variant === 'order' ? (key.replace('confirmed.', 'orderConfirmed.') as `orderConfirmed.${'title' | 'intro' | 'lines'}`) : key);
  usePage({ title: t('confirmed.title'), crumbs: [{ label: t('confirmed.title') }] });
  const id = useParams().completeOrderId ?? '';
  const valid = /^\d{1,10}$/.test(id);
  const { isLoggedIn, isPending: userPending } = useUser();
  const order = useOrder(id, valid && isLoggedIn);

  const heading = (
    <h1 className="flex items-center gap-3 text-4xl font-bold">
      <CheckCircle2 aria-hidden="true" className="size-9 text-green-800" />
      {t('confirmed.title')}
    </h1>
  );
  if (!valid || statusOf(order.error) === 404) return <NotFoundMessage />;
  if (userPending) return <PageSpinner label={t('confirmed.title')} />;
  if (!isLoggedIn) {
    return (
      <div className="flex flex-col items-start gap-4">
        {heading}
        <Button onPress={() => loginModal.open()}>{tc('account.logIn')}</Button>
      </div>
    );
  }
  if (order.isError) {
    return (
      <div className="flex flex-col gap-4">
        {heading}
        <Alert>{tOrders('confirmed.failed')}</Alert>
      </div>
    );
  }
  if (!order.data) return <PageSpinner label={t('confirmed.title')} />;
  const o = order.data;

  return (
    <div className="flex max-w-3xl flex-col gap-6">
      {heading}
      <p className="text-lg">{t('confirmed.intro')}</p>
      <p className="font-bold">{tOrders('confirmed.orderNumber', { id: o.id })}</p>
      <section aria-labelledby="order-lines" className="flex flex-col gap-3">
        <h2 id="order-lines" className="text-2xl font-bold">
          {t('confirmed.lines')}
        </h2>
        <ul className="flex flex-col gap-3">
          {o.lineItems.map((line) => (
            <li key={line.id} className="flex flex-wrap items-start justify-between gap-4 rounded-lg border border-gray-300 p-4">
              <div>
                <h3 className="text-lg font-bold">{line.name}</h3>
                {line.booking ? (
                  <>
                    <p>
                      {dayjs(line.booking.startsAt.text).format('ddd, D MMM YYYY')},{' '}
                      {`${line.booking.startsAt.format24Hour} - ${line.booking.endsAt.format24Hour}`}
                    </p>
                    <p>{[line.booking.locationName, line.booking.venueName].filter(Boolean).join(', ')}</p>
                  </>
                ) : null}
                {line.status === 'credited' ? <p className="font-bold text-red-800">{tOrders('confirmed.credited')}</p> : null}
              </div>
              <p className="text-lg font-bold">{line.lineTotal.formatted}</p>
            </li>
          ))}
        </ul>
      </section>
      <dl className="flex flex-col gap-2 rounded-lg bg-secondary-2 p-4">
        <div className="flex justify-between gap-4 text-lg font-bold">
          <dt>{tOrders('confirmed.total')}</dt>
          <dd>{o.total.formatted}</dd>
        </div>
        {o.payments.map((p) => (
          <div key={`${p.tenderType}-${p.amount.value}`} className="flex justify-between gap-4">
            <dt>
              {tOrders('confirmed.payments')}:{' '}
              {tOrders('confirmed.paidBy', { tender: tOrders(`confirmed.tenders.${p.tenderType}`, { defaultValue: p.tenderType }) })}
            </dt>
            <dd>{p.amount.formatted}</dd>
          </div>
        ))}
      </dl>
      <div>
        <ButtonLink to="/redirect-to-selected-venue">{tOrders('confirmed.bookAnother')}</ButtonLink>
      </div>
    </div>
  );
}
