import { useCallback, useEffect, useState } from 'react';
import { NavLink, Outlet } from 'react-router';
import { isApiError } from '../../../lib/api';
import { useStaffMe, useStaffSignOut } from '../api';
import { useStaffT } from '../strings';
import { StaffSignIn } from './staff-sign-in';

const navClass = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-11 items-center rounded px-3 underline-offset-4 hover:underline focus-visible:outline-2 ${isActive ? 'font-bold underline' : ''}`;

/**
 * The console's own frame: the client's name, who is signed in and sign out. Until /api/staff/me answers for a
 * staff member of this client, the sign-in shows instead of any page, so visitors and customers see no staff data.
 */
/**
 * Signs the desk out in this browser once nobody has pressed a key or touched the screen for the operator's idle
 * timeout (decision 239), so an abandoned desk shows the sign-in rather than a customer's record. The server ends
 * the session on its own clock too (decisions 125, 230); this is what the person at the desk sees.
 */
function useIdleSignOut(minutes: number | undefined, onIdle: () => void) {
  useEffect(() => {
    if (!minutes) return;
    let timer = window.setTimeout(onIdle, minutes * 60_000);
    const reset = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(onIdle, minutes * 60_000);
    };
    const events = ['keydown', 'pointerdown', 'touchstart', 'wheel'] as const;
    for (const e of events) document.addEventListener(e, reset, { passive: true });
    return () => {
      window.clearTimeout(timer);
      for (const e of events) document.removeEventListener(e, reset);
    };
  }, [minutes, onIdle]);
}

export function StaffLayout() {
  const t = useStaffT();
  const me = useStaffMe();
  const signOut = useStaffSignOut();
  const [idledOut, setIdledOut] = useState(false);
  const { mutate: signOutNow } = signOut;
  const onIdle = useCallback(() => {
    setIdledOut(true);
    signOutNow();
  }, [signOutNow]);
  useIdleSignOut(me.data?.deskIdleMinutes, onIdle);
  // Signed in again: a later sign-out is the person's own, not the timeout's.
  const signedIn = Boolean(me.data);
  useEffect(() => {
    if (signedIn) setIdledOut(false);
  }, [signedIn]);

  useEffect(() => {
    document.title = t('consoleName');
  }, [t]);

  if (me.isPending) {
    return (
      <p role="status" className="p-6">
        {t('loading')}
      </p>
    );
  }
  if (!me.data) {
    const error = isApiError(me.error) ? me.error : undefined;
    const reason = error?.status === 403 ? 'notStaff' : error?.code === 'desk_timed_out' || idledOut ? 'timedOut' : undefined;
    return <StaffSignIn reason={reason} />;
  }

  const { client, firstName, lastName, roles } = me.data;
  const manages = roles.some((r) => r === 'manager' || r === 'administrator');
  return (
    <div className="min-h-screen bg-gray-50 text-gray-900">
      <header className="border-b border-gray-300 bg-white">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <p className="text-lg font-bold">
            {client.name} · {t('consoleName')}
          </p>
          <nav aria-label={t('staffNav')} className="flex flex-wrap gap-2">
            <NavLink to="/staff" end className={navClass}>
              {t('navCustomers')}
            </NavLink>
            <NavLink to="/staff/customers/new" className={navClass}>
              {t('navNewCustomer')}
            </NavLink>
            <NavLink to="/staff/registers" className={navClass}>
              {t('navRegisters')}
            </NavLink>
            <NavLink to="/staff/tills" className={navClass}>
              {t('navTills')}
            </NavLink>
            {manages ? (
              <NavLink to="/staff/settings" className={navClass}>
                {t('navSettings')}
              </NavLink>
            ) : null}
          </nav>
          <div className="flex items-center gap-3">
            <span>{t('signedInAs', { name: `${firstName} ${lastName}` })}</span>
            <button
              type="button"
              className="min-h-11 rounded border border-gray-700 px-3 font-semibold hover:bg-gray-100"
              onClick={() => signOut.mutate()}
            >
              {t('signOut')}
            </button>
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-5xl px-4 py-6">
        <Outlet />
      </main>
    </div>
  );
}
