import type { TillSessionView, TillView } from '@app/contracts';
import { type FormEvent, useId, useState } from 'react';
import type { Camelize } from '../../../lib/api';
import { showMoney } from '../../../lib/format';
import { useStaffVenues } from '../api';
import { inputClass, primaryClass } from '../components/staff-sign-in';
import { useTillAction, useTills } from '../desk-api';
import { deskVenue, penceOf } from '../desk-money';
import { type StaffKey, useStaffT } from '../strings';

/** The cash-up of a closed session: expected against counted (decision 130's arithmetic, done by the API). */
export function CashUp({ name, session }: { name: string; session: Camelize<TillSessionView> }) {
  const t = useStaffT();
  const id = useId();
  if (!session.cashUp) return null;
  const { expected, counted, difference, status } = session.cashUp;
  return (
    <section aria-labelledby={`${id}-h`} className="mt-3 rounded border border-gray-300 p-3">
      <h3 id={`${id}-h`} className="font-bold">
        {t('cashUpTitle', { name })}
      </h3>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4">
        <dt>{t('cashUpExpected')}</dt>
        <dd>{showMoney(expected)}</dd>
        <dt>{t('cashUpCounted')}</dt>
        <dd>{showMoney(counted)}</dd>
        <dt>{t('cashUpDifference')}</dt>
        <dd>
          {showMoney(difference)} ({t(`cashUpStatus_${status}` as StaffKey)})
        </dd>
      </dl>
    </section>
  );
}

/** One till: open it with a float, or close it with what was counted. */
function TillCard({ till, venueId }: { till: Camelize<TillView>; venueId: number }) {
  const t = useStaffT();
  const id = useId();
  const [amount, setAmount] = useState('');
  const [invalid, setInvalid] = useState(false);
  const action = useTillAction(venueId);
  const open = till.open;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const pence = penceOf(amount);
    setInvalid(pence === null);
    if (pence === null) return;
    action.mutate({ tillId: till.id, action: open ? 'close' : 'open', amount: pence }, { onSuccess: () => setAmount('') });
  };
  return (
    <li className="rounded border border-gray-300 bg-white p-4">
      <h2 className="text-xl font-bold">{till.name}</h2>
      <p role="status">
        {open ? t('tillOpen', { float: showMoney(open.float), name: open.openedBy }) : t('tillClosed')}
        {open ? `. ${t('tillExpected', { amount: showMoney(open.expected) })}` : ''}
      </p>
      <form onSubmit={submit} className="mt-3 flex flex-wrap items-end gap-2">
        <label htmlFor={`${id}-amount`} className="font-semibold">
          {t(open ? 'counted' : 'float')}
          <input
            id={`${id}-amount`}
            inputMode="decimal"
            required
            value={amount}
            aria-invalid={invalid || undefined}
            onChange={(e) => setAmount(e.target.value)}
            className={inputClass}
          />
        </label>
        <button type="submit" className={primaryClass} disabled={action.isPending}>
          {t(open ? 'closeTill' : 'openTill', { name: till.name })}
        </button>
      </form>
      {action.isError ? (
        <p role="alert" className="mt-2 text-red-800">
          {action.error.message}
        </p>
      ) : null}
      {!open && till.lastClosed ? <CashUp name={till.name} session={till.lastClosed} /> : null}
    </li>
  );
}

/** The desk's tills at a venue (issue 15, decision 161). */
export function TillsPage() {
  const t = useStaffT();
  const id = useId();
  const venues = useStaffVenues();
  const [chosen, setChosen] = useState<number | null>(deskVenue.get());
  const venueId = venues.data?.some((v) => v.id === chosen) ? (chosen ?? undefined) : venues.data?.[0]?.id;
  const tills = useTills(venueId);
  return (
    <div>
      <h1 className="text-2xl font-bold">{t('tillsTitle')}</h1>
      <div className="mt-4 max-w-sm">
        <label htmlFor={`${id}-venue`} className="font-semibold">
          {t('venue')}
        </label>
        <select
          id={`${id}-venue`}
          value={venueId ?? ''}
          onChange={(e) => {
            deskVenue.set(Number(e.target.value));
            setChosen(Number(e.target.value));
          }}
          className={inputClass}
        >
          {(venues.data ?? []).map((v) => (
            <option key={v.id} value={v.id}>
              {v.name}
            </option>
          ))}
        </select>
      </div>
      {tills.isError ? (
        <p role="alert" className="mt-4 text-red-800">
          {t('loadFailed')}
        </p>
      ) : null}
      {tills.data?.length === 0 ? <p className="mt-4">{t('noTills')}</p> : null}
      <ul className="mt-4 flex flex-col gap-4">
        {venueId !== undefined ? (tills.data ?? []).map((till) => <TillCard key={till.id} till={till} venueId={venueId} />) : null}
      </ul>
    </div>
  );
}
