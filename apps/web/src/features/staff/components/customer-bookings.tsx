import type { DeskBooking } from '@app/contracts';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { Camelize } from '../../../lib/api';
import { showAmount, showDateTime } from '../../../lib/format';
import { useDeskBookings, useDeskCancel } from '../desk-register-api';
import { useStaffT } from '../strings';
import { inputClass, primaryClass } from './staff-sign-in';

type Booking = Camelize<DeskBooking>;

const sectionClass = 'mt-6 rounded border border-gray-300 bg-white p-4';
const secondaryClass =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded border border-gray-700 px-4 font-semibold hover:bg-gray-100';
const when = showDateTime;

/**
 * Cancelling one booking for the customer (decision 165): what the policy does is shown before staff confirm, and
 * the charge can be waived only with a reason, which goes in the audit log.
 */
function CancelPanel({ customerId, booking, onDone }: { customerId: number; booking: Booking; onDone: (message?: string) => void }) {
  const t = useStaffT();
  const id = useId();
  const c = booking.cancellation;
  const [waive, setWaive] = useState(false);
  const [reason, setReason] = useState('');
  const cancel = useDeskCancel(customerId);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    cancel.mutate(
      { bookingId: booking.id, waiveCharge: waive, reason: reason.trim() },
      { onSuccess: () => onDone(t('cancelled', { name: booking.name })) },
    );
  };
  const outcome = t(`outcome_${c.outcome}` as 'outcome_refund');
  return (
    <form onSubmit={submit} aria-labelledby={`${id}-h`} className="mt-3 flex flex-col gap-3 rounded border border-gray-700 p-3">
      <h3 id={`${id}-h`} ref={heading} tabIndex={-1} className="text-lg font-bold">
        {t('cancelTitle', { name: `${booking.name}, ${when(booking.startsAt)}` })}
      </h3>
      {c.message ? <p className="font-semibold">{c.message}</p> : null}
      {!c.inside ? <p>{t('policyOutside')}</p> : null}
      <p>{c.amountBack > 0 ? t('goesBack', { amount: showAmount(c.amountBack), outcome }) : t('nothingBack')}</p>
      {c.fee > 0 ? <p>{t('feeWithheld', { amount: showAmount(c.fee) })}</p> : null}
      {c.penalty?.type === 'fee' ? <p>{t('penaltyFee', { amount: showAmount(c.penalty.amount) })}</p> : null}
      {c.penalty?.type === 'strike' ? <p>{t('penaltyStrike')}</p> : null}
      {c.inside && (c.fee > 0 || c.feeOwed > 0 || c.penalty) ? (
        <div className="flex flex-col gap-2">
          <label className="flex min-h-11 items-center gap-3 font-semibold">
            <input type="checkbox" className="h-6 w-6" checked={waive} onChange={(e) => setWaive(e.target.checked)} />
            {t('waiveCharge')}
          </label>
          {waive ? (
            <>
              <p>{t('waivedGoesBack', { amount: showAmount(c.waived.amountBack) })}</p>
              <label htmlFor={`${id}-reason`} className="font-semibold">
                {t('waiveChargeReason')}
                <input
                  id={`${id}-reason`}
                  required
                  minLength={3}
                  maxLength={500}
                  aria-describedby={`${id}-hint`}
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                  className={inputClass}
                />
              </label>
              <p id={`${id}-hint`} className="text-sm text-gray-700">
                {t('waiveReasonHint')}
              </p>
            </>
          ) : null}
        </div>
      ) : null}
      {cancel.isError ? (
        <p role="alert" className="text-red-800">
          {cancel.error.message}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={primaryClass} disabled={cancel.isPending}>
          {t('confirmCancel')}
        </button>
        <button type="button" className={secondaryClass} onClick={() => onDone()}>
          {t('keepBooking')}
        </button>
      </div>
    </form>
  );
}

/** The record's upcoming bookings, each cancellable for the customer at the desk. */
export function CustomerBookings({ customerId }: { customerId: number }) {
  const t = useStaffT();
  const list = useDeskBookings(customerId);
  const [open, setOpen] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  return (
    <section aria-labelledby="upcoming-h" className={sectionClass}>
      <h2 id="upcoming-h" className="text-xl font-bold">
        {t('upcomingBookings')}
      </h2>
      <p role="status" className="mt-2 font-semibold">
        {announcement}
      </p>
      {list.isPending ? <p>{t('loading')}</p> : null}
      {list.isError ? <p role="alert">{t('loadFailed')}</p> : null}
      {list.data?.length === 0 ? <p>{t('noUpcomingBookings')}</p> : null}
      <ul className="mt-2 flex flex-col gap-3">
        {list.data?.map((b) => (
          <li key={b.id}>
            <span>{t('bookingRow', { name: b.name, venue: b.venue, when: when(b.startsAt) })}</span>
            {open !== b.id ? (
              b.cancellation.canCancel ? (
                <button
                  type="button"
                  className={`${secondaryClass} ml-2`}
                  aria-label={t('cancelBookingFor', { name: b.name, when: when(b.startsAt) })}
                  onClick={() => {
                    setAnnouncement('');
                    setOpen(b.id);
                  }}
                >
                  {t('cancelBooking')}
                </button>
              ) : (
                <span className="ml-2 text-sm text-gray-700">{t('cannotCancel', { reason: b.cancellation.cannotCancelReason })}</span>
              )
            ) : (
              <CancelPanel
                customerId={customerId}
                booking={b}
                onDone={(message) => {
                  setOpen(null);
                  if (message) setAnnouncement(message);
                }}
              />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
