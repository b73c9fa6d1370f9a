import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { useCustomerSearch } from '../api';
import { inputClass } from '../components/staff-sign-in';
import { useStaffT } from '../strings';

/** How long typing pauses before the desk searches: every keystroke would be a request on a busy client. */
export const SEARCH_DEBOUNCE_MS = 250;

function useDebounced(value: string, wait: number) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), wait);
    return () => clearTimeout(timer);
  }, [value, wait]);
  return settled;
}

/**
 * Find a customer as you type: a search field, the matches as a list of links (Tab reaches them in order) and a
 * polite live region announcing how many matched, so a screen reader user hears the result without moving.
 */
export function CustomerSearchPage() {
  const t = useStaffT();
  const id = useId();
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const search = useCustomerSearch(q);
  const hits = q.length >= 2 ? (search.data ?? []) : [];
  const settled = q.length >= 2 && search.isSuccess && !search.isPlaceholderData;

  return (
    <div>
      <h1 className="text-2xl font-bold">{t('searchTitle')}</h1>
      <div className="mt-4 max-w-xl">
        <label htmlFor={`${id}-q`} className="font-semibold">
          {t('searchLabel')}
        </label>
        <input
          id={`${id}-q`}
          type="search"
          autoComplete="off"
          aria-describedby={`${id}-hint`}
          value={text}
          onChange={(e) => setText(e.target.value)}
          className={inputClass}
        />
        <p id={`${id}-hint`} className="mt-1 text-sm text-gray-700">
          {t('searchHint')}
        </p>
      </div>
      <p role="status" aria-live="polite" className="mt-4 font-semibold">
        {settled ? t('resultsCount', { count: hits.length }) : ''}
      </p>
      {search.isError ? (
        <p role="alert" className="text-red-800">
          {t('loadFailed')}
        </p>
      ) : null}
      {hits.length > 0 ? (
        <ul aria-label={t('resultsLabel')} className="mt-2 divide-y divide-gray-300 rounded border border-gray-300 bg-white">
          {hits.map((hit) => (
            <li key={hit.id}>
              <Link
                to={`/staff/customers/${hit.id}`}
                className="flex min-h-11 flex-col px-4 py-2 hover:bg-gray-100 focus-visible:outline-2"
              >
                <span className="font-semibold">
                  {hit.firstName} {hit.lastName}
                </span>
                <span className="text-sm text-gray-700">
                  {[hit.reference, hit.email, hit.phone, hit.dateOfBirth ? t('born', { date: hit.dateOfBirth }) : null]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
