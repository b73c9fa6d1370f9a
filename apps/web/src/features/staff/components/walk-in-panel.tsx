import { type FormEvent, useEffect, useId, useState } from 'react';
import { isApiError } from '../../../lib/api';
import { useCustomerSearch, useRegisterCustomer } from '../api';
import { useAddWalkIn } from '../desk-register-api';
import { SEARCH_DEBOUNCE_MS } from '../routes/customer-search-page';
import { useStaffT } from '../strings';
import { inputClass, primaryClass } from './staff-sign-in';

/** A thumb-sized target for the tablet at the studio door (56 px high). */
const bigClass =
  'inline-flex min-h-14 min-w-28 items-center justify-center rounded-lg border-2 border-gray-900 bg-white px-4 text-lg font-semibold hover:bg-gray-100 focus-visible:outline-4 focus-visible:outline-offset-2';
const bigPrimaryClass = `${primaryClass} min-h-14 text-lg`;

function useDebounced(value: string) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

/**
 * Add a walk-in to a register (decision 166): find the customer, or register a new one in three fields, and add them
 * while the session has room. The server takes the place conditionally, so two tablets never both get the last one.
 */
export function WalkInPanel({
  occurrenceId,
  placesLeft,
  onAdded,
}: {
  occurrenceId: string;
  placesLeft: number;
  onAdded: (name: string) => void;
}) {
  const t = useStaffT();
  const id = useId();
  const [text, setText] = useState('');
  const q = useDebounced(text);
  const search = useCustomerSearch(q);
  const addWalkIn = useAddWalkIn(occurrenceId);
  const registerCustomer = useRegisterCustomer();
  const [person, setPerson] = useState({ first_name: '', last_name: '', email: '' });
  const hits = q.length >= 2 ? (search.data ?? []) : [];
  const fieldErrors = isApiError(registerCustomer.error) ? registerCustomer.error.fieldErrors : {};

  const add = (userId: number, name: string) => addWalkIn.mutate(userId, { onSuccess: () => onAdded(name) });
  const registerAndAdd = (e: FormEvent) => {
    e.preventDefault();
    registerCustomer.mutate(person, {
      onSuccess: (c) => {
        add(c.id, `${c.firstName} ${c.lastName}`);
        setPerson({ first_name: '', last_name: '', email: '' });
      },
    });
  };

  return (
    <section aria-labelledby={`${id}-h`} className="mt-6 rounded border border-gray-300 bg-white p-4">
      <h2 id={`${id}-h`} className="text-xl font-bold">
        {t('walkInTitle')}
      </h2>
      <p className="mt-1">{t('walkInSpaces', { count: placesLeft })}</p>
      {addWalkIn.isError ? (
        <p role="alert" className="mt-2 text-red-800">
          {addWalkIn.error.message}
        </p>
      ) : null}
      {placesLeft > 0 ? (
        <div className="mt-3 grid gap-6 md:grid-cols-2">
          <div>
            <label htmlFor={`${id}-q`} className="font-semibold">
              {t('walkInSearch')}
            </label>
            <input
              id={`${id}-q`}
              type="search"
              autoComplete="off"
              aria-describedby={`${id}-hint`}
              value={text}
              onChange={(e) => setText(e.target.value)}
              className={`${inputClass} min-h-14 text-lg`}
            />
            <p id={`${id}-hint`} className="mt-1 text-sm text-gray-700">
              {t('searchHint')}
            </p>
            <ul aria-label={t('resultsLabel')} className="mt-2 flex flex-col gap-2">
              {hits.map((h) => {
                const name = `${h.firstName} ${h.lastName}`;
                return (
                  <li key={h.id} className="flex flex-wrap items-center justify-between gap-2">
                    <span>
                      <span className="font-semibold">{name}</span> <span className="text-sm text-gray-700">{h.reference}</span>
                    </span>
                    <button type="button" className={bigClass} disabled={addWalkIn.isPending} onClick={() => add(h.id, name)}>
                      {t('walkInAdd', { name })}
                    </button>
                  </li>
                );
              })}
            </ul>
          </div>
          <form onSubmit={registerAndAdd} aria-labelledby={`${id}-new`} className="flex flex-col gap-3" noValidate>
            <h3 id={`${id}-new`} className="font-bold">
              {t('walkInNew')}
            </h3>
            {(['first_name', 'last_name', 'email'] as const).map((f) => {
              const error = fieldErrors?.[f]?.[0];
              return (
                <div key={f}>
                  <label htmlFor={`${id}-${f}`} className="font-semibold">
                    {t(f === 'first_name' ? 'firstName' : f === 'last_name' ? 'lastName' : 'email')}
                  </label>
                  <input
                    id={`${id}-${f}`}
                    type={f === 'email' ? 'email' : 'text'}
                    required
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${id}-${f}-error` : undefined}
                    value={person[f]}
                    onChange={(e) => setPerson((p) => ({ ...p, [f]: e.target.value }))}
                    className={`${inputClass} min-h-14 text-lg`}
                  />
                  {error ? (
                    <p id={`${id}-${f}-error`} className="mt-1 text-red-800">
                      {error}
                    </p>
                  ) : null}
                </div>
              );
            })}
            {registerCustomer.isError && !Object.keys(fieldErrors ?? {}).length ? (
              <p role="alert" className="text-red-800">
                {registerCustomer.error.message}
              </p>
            ) : null}
            <button type="submit" className={bigPrimaryClass} disabled={registerCustomer.isPending || addWalkIn.isPending}>
              {t('walkInRegister')}
            </button>
          </form>
        </div>
      ) : null}
    </section>
  );
}
