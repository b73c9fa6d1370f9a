import { CheckCircle2, MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Alert } from '../../../components/alert';
import { Button, ButtonLink } from '../../../components/button';
import { NotFoundMessage } from '../../../components/error-pages';
import { usePage } from '../../../components/page-meta';
import { PageSpinner } from '../../../components/spinner';
import { statusOf } from '../../../lib/api';
import { showDate, showMoney } from '../../../lib/format';
import { loginModal, useUser } from '../../auth';
import { AddToCalendar } from '../../calendar/components/add-to-calendar';
import { useOrder } from '../api/get-order';

/** Where to go and when to arrive (decision 170): each venue's words once, however many sessions are there. */
function ArrivalInfo({ lines }: { lines: { booking: { venueName: string; arrivalInfo?: string | null | undefined } | null }[] }) {
  const { t } = useTranslation('orders');
  const byVenue = new Map<string, string>();
  for (const l of lines) if (l.booking?.arrivalInfo) byVenue.set(l.booking.venueName, l.booking.arrivalInfo);
  if (byVenue.size === 0) return null;
  return (
    <section aria-labelledby="arrival" className="flex flex-col gap-2 rounded-lg border-l-4 border-primary bg-white p-4">
      <h2 id="arrival" className="flex items-center gap-2 text-2xl font-bold">
        <MapPin aria-hidden="true" className="size-6" />
        {t('confirmed.arrival')}
      </h2>
      {[...byVenue].map(([venue, text]) => (
        <div key={venue}>
          {byVenue.size > 1 ? <h3 className="font-bold">{venue}</h3> : null}
          <p>{text}</p>
        </div>
      ))}
    </section>
  );
}

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
                      {showDate(line.booking.startsAt.text)},{' '}
                      {`${line.booking.startsAt.format24Hour} - ${line.booking.endsAt.format24Hour}`}
                    </p>
                    <p>{[line.booking.locationName, line.booking.venueName].filter(Boolean).join(', ')}</p>
                    {line.booking.status === 'settled' ? (
                      <AddToCalendar
                        bookingId={line.booking.id}
                        name={line.name}
                        startsUtc={line.booking.startsAt.utc}
                        endsUtc={line.booking.endsAt.utc}
                        place={line.booking.locationName}
                        venue={line.booking.venueName}
                        address={line.booking.venueAddress}
                      />
                    ) : null}
                  </>
                ) : null}
                {line.status === 'credited' ? <p className="font-bold text-red-800">{tOrders('confirmed.credited')}</p> : null}
              </div>
              <p className="text-lg font-bold">{showMoney(line.lineTotal)}</p>
            </li>
          ))}
        </ul>
      </section>
      <ArrivalInfo lines={o.lineItems} />
      <dl className="flex flex-col gap-2 rounded-lg bg-secondary-2 p-4">
        <div className="flex justify-between gap-4 text-lg font-bold">
          <dt>{tOrders('confirmed.total')}</dt>
          <dd>{showMoney(o.total)}</dd>
        </div>
        {o.payments.map((p) => (
          <div key={`${p.tenderType}-${p.amount.value}`} className="flex justify-between gap-4">
            <dt>
              {tOrders('confirmed.payments')}:{' '}
              {tOrders('confirmed.paidBy', { tender: tOrders(`confirmed.tenders.${p.tenderType}`, { defaultValue: p.tenderType }) })}
            </dt>
            <dd>{showMoney(p.amount)}</dd>
          </div>
        ))}
      </dl>
      <div>
        <ButtonLink to="/redirect-to-selected-venue">{tOrders('confirmed.bookAnother')}</ButtonLink>
      </div>
    </div>
  );
}
