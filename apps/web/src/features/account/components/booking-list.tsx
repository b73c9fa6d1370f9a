import { accountMessages } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { showMoney } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { AddToCalendar } from '../../calendar/components/add-to-calendar';
import { useCancelBooking } from '../api/cancel-booking';
import type { AccountBooking } from '../api/get-bookings';
import { showSessionStart } from '../format';
import { useAccount } from '../use-account';

/** Bookings as cards: what, when, where, status and price; upcoming ones that allow it can be cancelled. */
export function BookingList({ bookings, cancellable = false }: { bookings: AccountBooking[]; cancellable?: boolean }) {
  const { t } = useTranslation('account');
  const [cancelling, setCancelling] = useState<AccountBooking | null>(null);
  return (
    <>
      <ul className="flex flex-col gap-3">
        {bookings.map((b) => (
          <li
            key={b.id}
            className="flex flex-col gap-2 rounded-lg border border-gray-300 p-4 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="flex flex-col gap-1">
              <h3 className="text-xl font-bold">{b.name}</h3>
              <p>{showSessionStart(b.startsAt.text)}</p>
              <p className="text-gray-700">{[b.venue.name, b.locationName].filter(Boolean).join(', ')}</p>
              {cancellable && b.status === 'settled' ? (
                <AddToCalendar
                  bookingId={b.id}
                  name={b.name}
                  startsUtc={b.startsAt.utc}
                  endsUtc={b.endsAt.utc}
                  place={b.locationName}
                  venue={b.venue.name}
                  address={b.venue.address}
                />
              ) : null}
            </div>
            <div className="flex flex-col items-start gap-2 sm:items-end">
              <span className="rounded-full bg-secondary-2 px-3 py-1 text-sm font-bold text-gray-800">
                {t(`bookings.status.${b.status}`)}
              </span>
              {b.price ? <span className="font-bold">{showMoney(b.price)}</span> : null}
              {b.status === 'cancelled' && b.refunded ? <RefundSummary refunded={b.refunded} /> : null}
              {cancellable && b.canCancel ? (
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={t('bookings.cancelNamed', { name: b.name, when: showSessionStart(b.startsAt.text) })}
                  onPress={() => setCancelling(b)}
                >
                  {t('bookings.cancel')}
                </Button>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      {cancelling ? <CancelDialog booking={cancelling} onClose={() => setCancelling(null)} /> : null}
    </>
  );
}

function CancelDialog({ booking, onClose }: { booking: AccountBooking; onClose: () => void }) {
  const { t } = useTranslation('account');
  const { who } = useAccount();
  const cancel = useCancelBooking();
  return (
    <Modal
      title={t('bookings.confirmTitle')}
      isOpen
      onOpenChange={(open) => (open ? null : onClose())}
      closeLabel={t('bookings.keep')}
      role="alertdialog"
      size="sm"
    >
      <p className="mb-4">{t('bookings.confirmText', { name: booking.name, when: showSessionStart(booking.startsAt.text) })}</p>
      {/* The policy's rule, before the customer confirms: what comes back, or what cancelling now costs. */}
      {booking.cancellation?.cutOffMessage ? <p className="mb-4 font-bold">{booking.cancellation.cutOffMessage}</p> : null}
      <div className="flex flex-wrap gap-3">
        <Button
          isDisabled={cancel.isPending}
          onPress={() =>
            cancel.mutate(
              { id: booking.id, who },
              {
                onSuccess: (res) => {
                  const what = res.data?.refunded ? refundedText(t, res.data.refunded) : '';
                  notifySuccess(what ? t('bookings.cancelledWith', { what }) : (res.message ?? accountMessages.bookingCancelled));
                  onClose();
                },
              },
            )
          }
        >
          {booking.cancellation?.awardsCreditMessage ?? t('bookings.confirm')}
        </Button>
        <Button variant="secondary" onPress={onClose}>
          {t('bookings.keep')}
        </Button>
      </div>
    </Modal>
  );
}

type Refunded = NonNullable<AccountBooking['refunded']>;
type Money = Refunded['card'];
type T = ReturnType<typeof useTranslation<'account'>>['t'];

/** What a cancellation gave back, in words: '£6.50 added to your account as credit'. */
function refundedText(t: T, r: { card: Money; credit: Money; offSystem?: Money; off_system?: Money; fee: Money }): string {
  const desk = r.offSystem ?? r.off_system;
  return [
    r.card.value > 0 ? t('bookings.refundedCard', { amount: showMoney(r.card) }) : null,
    r.credit.value > 0 ? t('bookings.refundedCredit', { amount: showMoney(r.credit) }) : null,
    desk && desk.value > 0 ? t('bookings.refundedDesk', { amount: showMoney(desk) }) : null,
    r.fee.value > 0 ? t('bookings.feeKept', { amount: showMoney(r.fee) }) : null,
  ]
    .filter(Boolean)
    .join('; ');
}

function RefundSummary({ refunded }: { refunded: Refunded }) {
  const { t } = useTranslation('account');
  const text = refundedText(t, refunded);
  return text ? <span className="text-sm text-gray-700">{text}</span> : null;
}
