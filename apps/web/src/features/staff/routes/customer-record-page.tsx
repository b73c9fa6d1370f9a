import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { showAmount, showDate, showDateTime } from '../../../lib/format';
import { useCustomerRecord, useWaive } from '../api';
import { CustomerBookings } from '../components/customer-bookings';
import { inputClass, primaryClass } from '../components/staff-sign-in';
import { useStaffT } from '../strings';

const sectionClass = 'mt-6 rounded border border-gray-300 bg-white p-4';
const secondaryClass =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded border border-gray-700 px-4 font-semibold hover:bg-gray-100';

/**
 * Waive an outstanding penalty or a strike (`what`: its path under the customer): the reason is asked for first,
 * since it goes in the audit log.
 */
function WaiveForm({ customerId, what, strike, onDone }: { customerId: number; what: string; strike?: boolean; onDone: () => void }) {
  const t = useStaffT();
  const id = useId();
  const [reason, setReason] = useState('');
  const waive = useWaive(customerId);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    waive.mutate({ what, reason: reason.trim() }, { onSuccess: onDone });
  };
  return (
    <form onSubmit={submit} aria-label={t(strike ? 'waiveStrikeTitle' : 'waiveTitle')} className="mt-2 flex flex-wrap items-end gap-2">
      <label htmlFor={`${id}-reason`} className="font-semibold">
        {t('waiveReason')}
        <input
          ref={input}
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
      <button type="submit" className={primaryClass} disabled={waive.isPending}>
        {t(strike ? 'confirmWaiveStrike' : 'confirmWaive')}
      </button>
      <button type="button" className={secondaryClass} onClick={onDone}>
        {t('cancel')}
      </button>
      <p id={`${id}-hint`} className="w-full text-sm text-gray-700">
        {t('waiveReasonHint')}
      </p>
      {waive.isError ? (
        <p role="alert" className="w-full text-red-800">
          {waive.error.message}
        </p>
      ) : null}
    </form>
  );
}

/**
 * A customer's record at the desk: details, bookings (upcoming, past and cancelled), memberships, packages, credit
 * and its ledger, penalties and strikes (each waivable with a reason), linked users and waivers (decision 238).
 */
export function CustomerRecordPage() {
  const t = useStaffT();
  const customerId = Number(useParams().customerId);
  const record = useCustomerRecord(customerId);
  // The penalty or strike whose waiver form is open, by its path under the customer.
  const [waiving, setWaiving] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = record.isSuccess;
  // Moving focus to the heading tells a keyboard or screen reader user the record has opened.
  useEffect(() => {
    if (loaded) heading.current?.focus();
  }, [loaded]);

  if (record.isPending) return <p role="status">{t('loading')}</p>;
  if (record.isError) return <p role="alert">{t('loadFailed')}</p>;
  const { customer, credit, penalties, linkedUsers, waivers, memberships, packages, pastBookings, strikes } = record.data;
  const name = `${customer.firstName} ${customer.lastName}`;

  return (
    <div>
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold">
        {t('recordTitle', { name })}
      </h1>
      <Link to={`/staff/customers/${customerId}/book`} className={`mt-3 ${primaryClass}`}>
        {t('book')}
      </Link>
      <section aria-labelledby="details-h" className={sectionClass}>
        <h2 id="details-h" className="text-xl font-bold">
          {t('details')}
        </h2>
        <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
          <dt className="font-semibold">{t('reference')}</dt>
          <dd>{customer.reference}</dd>
          <dt className="font-semibold">{t('email')}</dt>
          <dd>{customer.email}</dd>
          <dt className="font-semibold">{t('phone')}</dt>
          <dd>{customer.phone || t('none')}</dd>
          <dt className="font-semibold">{t('dateOfBirth')}</dt>
          <dd>{customer.dateOfBirth ? showDate(customer.dateOfBirth) : t('none')}</dd>
          <dt className="font-semibold">{t('barcode')}</dt>
          <dd>{customer.barcode ?? t('none')}</dd>
        </dl>
      </section>
      <CustomerBookings customerId={customerId} />
      <section aria-labelledby="credit-h" className={sectionClass}>
        <h2 id="credit-h" className="text-xl font-bold">
          {t('credit')}
        </h2>
        <p className="mt-2">{t('creditBalance', { amount: showAmount(credit.balance) })}</p>
        <h3 className="mt-3 font-bold">{t('creditLedger')}</h3>
        {credit.ledger.length === 0 ? (
          <p className="mt-1">{t('noCreditLedger')}</p>
        ) : (
          <ul className="mt-1 list-disc pl-6">
            {credit.ledger.map((l, i) => (
              // Ledger rows carry no id of their own; their order is the server's, newest first.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={i}>
                {t('ledgerRow', { date: showDateTime(l.createdAt), reason: l.reason, amount: showAmount(l.amount), kind: l.kind })}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="past-h" className={sectionClass}>
        <h2 id="past-h" className="text-xl font-bold">
          {t('pastBookings')}
        </h2>
        {pastBookings.length === 0 ? (
          <p className="mt-2">{t('noPastBookings')}</p>
        ) : (
          <ul className="mt-2 list-disc pl-6">
            {pastBookings.map((b) => (
              <li key={b.id}>
                {t('pastBookingRow', {
                  name: b.name,
                  venue: b.venue,
                  date: showDateTime(b.startsAt),
                  status: t(
                    b.status === 'cancelled'
                      ? 'bookingCancelled'
                      : b.attended === 'attended'
                        ? 'bookingAttended'
                        : b.attended === 'absent'
                          ? 'bookingAbsent'
                          : 'bookingNotMarked',
                  ),
                })}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="memberships-h" className={sectionClass}>
        <h2 id="memberships-h" className="text-xl font-bold">
          {t('memberships')}
        </h2>
        {memberships.length === 0 ? (
          <p className="mt-2">{t('noMemberships')}</p>
        ) : (
          <ul className="mt-2 list-disc pl-6">
            {memberships.map((m) => (
              <li key={m.id}>
                {m.endsAt
                  ? t('membershipRowEnds', { name: m.name, status: m.status, from: showDate(m.startsAt), to: showDate(m.endsAt) })
                  : t('membershipRow', { name: m.name, status: m.status, from: showDate(m.startsAt) })}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="packages-h" className={sectionClass}>
        <h2 id="packages-h" className="text-xl font-bold">
          {t('packages')}
        </h2>
        {packages.length === 0 ? (
          <p className="mt-2">{t('noPackages')}</p>
        ) : (
          <ul className="mt-2 list-disc pl-6">
            {packages.map((p) => (
              <li key={p.id}>{t('packageRow', { name: p.name, remaining: p.usesRemaining, date: showDate(p.expiresAt) })}</li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="penalties-h" className={sectionClass}>
        <h2 id="penalties-h" className="text-xl font-bold">
          {t('penalties')}
        </h2>
        {penalties.length === 0 ? <p className="mt-2">{t('noPenalties')}</p> : null}
        <ul className="mt-2 flex flex-col gap-3">
          {penalties.map((p) => (
            <li key={p.id}>
              <span>{t('penaltyRow', { reason: p.reason, amount: showAmount(p.amount), status: p.status })}</span>{' '}
              {p.status === 'outstanding' && waiving !== `penalties/${p.id}` ? (
                <button type="button" className={`${secondaryClass} ml-2`} onClick={() => setWaiving(`penalties/${p.id}`)}>
                  {t('waive')}
                </button>
              ) : null}
              {waiving === `penalties/${p.id}` ? (
                <WaiveForm customerId={customerId} what={`penalties/${p.id}`} onDone={() => setWaiving(null)} />
              ) : null}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="strikes-h" className={sectionClass}>
        <h2 id="strikes-h" className="text-xl font-bold">
          {t('strikes')}
        </h2>
        {strikes.length === 0 ? <p className="mt-2">{t('noStrikes')}</p> : null}
        <ul className="mt-2 flex flex-col gap-3">
          {strikes.map((s) => {
            const what = `strikes/${s.bookingId}/${s.event}`;
            return (
              <li key={what}>
                <span>
                  {t('strikeRow', {
                    date: showDateTime(s.createdAt),
                    event: t(s.event === 'absent' ? 'strikeAbsent' : 'strikeLateCancellation'),
                  })}
                </span>{' '}
                {waiving !== what ? (
                  <button type="button" className={`${secondaryClass} ml-2`} onClick={() => setWaiving(what)}>
                    {t('waiveStrikeTitle')}
                  </button>
                ) : (
                  <WaiveForm customerId={customerId} what={what} strike onDone={() => setWaiving(null)} />
                )}
              </li>
            );
          })}
        </ul>
      </section>
      <section aria-labelledby="linked-h" className={sectionClass}>
        <h2 id="linked-h" className="text-xl font-bold">
          {t('linkedUsers')}
        </h2>
        {linkedUsers.length === 0 ? (
          <p className="mt-2">{t('noLinkedUsers')}</p>
        ) : (
          <ul className="mt-2 list-disc pl-6">
            {linkedUsers.map((u) => (
              <li key={`${u.relation}-${u.id}`}>
                {u.firstName} {u.lastName} ({u.reference}, {u.status})
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="waivers-h" className={sectionClass}>
        <h2 id="waivers-h" className="text-xl font-bold">
          {t('waivers')}
        </h2>
        {waivers.length === 0 ? (
          <p className="mt-2">{t('noWaivers')}</p>
        ) : (
          <ul className="mt-2 list-disc pl-6">
            {waivers.map((w) => (
              <li key={w.restrictionId}>
                {w.name}, {t('agreedOn', { date: showDate(w.agreedAt) })}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
