import { type FormEvent, useId, useState } from 'react';
import { useStaffSignIn } from '../api';
import { type StaffKey, useStaffT } from '../strings';

export const inputClass = 'mt-1 block min-h-11 w-full rounded border border-gray-600 px-3 py-2';
export const primaryClass =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded bg-blue-800 px-4 font-semibold text-white hover:bg-blue-900 disabled:opacity-60';

/** Staff sign in through the one login there is (staff users are users with the staff role, decision 125). */
export function StaffSignIn({ reason }: { reason?: Extract<StaffKey, 'notStaff' | 'timedOut'> }) {
  const t = useStaffT();
  const signIn = useStaffSignIn();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const id = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    signIn.mutate({ username, password });
  };

  return (
    <main id="main" className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-2xl font-bold">{t('signInTitle')}</h1>
      <p className="mt-2">{t('signInIntro')}</p>
      {reason ? (
        <p role="alert" className="mt-4 rounded border border-amber-700 bg-amber-50 p-3">
          {t(reason)}
        </p>
      ) : null}
      <form onSubmit={submit} className="mt-6 flex flex-col gap-4">
        <label htmlFor={`${id}-email`} className="font-semibold">
          {t('email')}
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="username"
            required
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            className={inputClass}
          />
        </label>
        <label htmlFor={`${id}-password`} className="font-semibold">
          {t('password')}
          <input
            id={`${id}-password`}
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            className={inputClass}
          />
        </label>
        {signIn.isError ? (
          <p role="alert" className="text-red-800">
            {t('signInFailed')}
          </p>
        ) : null}
        <button type="submit" className={primaryClass} disabled={signIn.isPending}>
          {signIn.isPending ? t('signingIn') : t('signIn')}
        </button>
      </form>
    </main>
  );
}
