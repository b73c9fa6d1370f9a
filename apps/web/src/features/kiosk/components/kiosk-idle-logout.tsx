import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { kioskHomePath, useShellMode } from '../../../lib/shell-mode';
import { loginModal, useLogout, useUser } from '../../auth';
import { useClient } from '../../tenancy';

/** Doc 1, section 9: a kiosk user is logged out after 90,000 ms without a touch, a click or a key (KIOSK_IDLE_TIMEOUT_MS). */
export const DEFAULT_KIOSK_IDLE_MS = 90_000;

/** What counts as someone using the kiosk. */
const activity = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

/**
 * In kiosk mode, after the client's idle timeout with no activity, logs the user out and goes back to the kiosk
 * home with the device's centre (doc 1, section 4). A visitor left away from the kiosk home is taken back too, so
 * the next person starts from the same place.
 */
export function KioskIdleLogout() {
  const { kiosk, centre } = useShellMode();
  const { data: client } = useClient();
  const { isLoggedIn } = useUser();
  const logout = useLogout();
  const navigate = useNavigate();
  const atHome = useLocation().pathname === '/kiosk';
  const timeout = client?.kioskIdleTimeoutMs ?? DEFAULT_KIOSK_IDLE_MS;

  const onIdle = useRef<() => void>(() => {});
  onIdle.current = () => {
    // Whatever the last person left open (a half-typed login) goes too.
    loginModal.close();
    if (isLoggedIn) logout.mutate();
    navigate(kioskHomePath(centre), { replace: true });
  };

  useEffect(() => {
    if (!kiosk || (atHome && !isLoggedIn)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const restart = () => {
      clearTimeout(timer);
      timer = setTimeout(() => onIdle.current(), timeout);
    };
    restart();
    for (const type of activity) window.addEventListener(type, restart, { passive: true, capture: true });
    return () => {
      clearTimeout(timer);
      for (const type of activity) window.removeEventListener(type, restart, { capture: true });
    };
  }, [kiosk, atHome, isLoggedIn, timeout]);

  return null;
}
