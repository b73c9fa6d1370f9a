import { accountMessages } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { notifySuccess } from '../../../lib/notify';
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
            </div>
            <div className="flex flex-col items-start gap-2 sm:items-end">
              <span className="rounded-full bg-secondary-2 px-3 py-1 text-sm font-bold text-gray-800">
                {t(`bookings.status.${b.status}`)}
              </span>
              {b.price ? <span className="font-bold">{b.price.formatted}</span> : null}
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
      <div className="flex flex-wrap gap-3">
        <Button
          isDisabled={cancel.isPending}
          onPress={() =>
            cancel.mutate(
              { id: booking.id, who },
              {
                onSuccess: (res) => {
                  notifySuccess(res.message ?? accountMessages.bookingCancelled);
                  onClose();
                },
              },
            )
          }
        >
          {t('bookings.confirm')}
        </Button>
        <Button variant="secondary" onPress={onClose}>
          {t('bookings.keep')}
        </Button>
      </div>
    </Modal>
  );
}
