import { type AuthUser, resetPasswordPath } from '@app/contracts';
import { ApiError, api, sessionBelief } from '../../../lib/api';
import { dropQueryParams } from '../../../lib/shell-mode';

/**
 * The app shell's `token` query parameter (doc 1, section 2): taken out of the address bar at once, so it is
 * neither bookmarked nor sent on as a referrer, then exchanged for the httpOnly session cookie (POST
 * /api/auth/token). Answers the failure to show, or null when there was no token or the exchange worked.
 */
export async function exchangeUrlToken(
  search: string = window.location.search,
  pathname: string = window.location.pathname,
): Promise<ApiError | null> {
  // The emailed reset link carries its own `token`, which is the reset page's to use, not a login.
  if (pathname === resetPasswordPath) return null;
  const token = new URLSearchParams(search).get('token');
  if (token === null) return null;
  dropQueryParams(['token']);
  try {
    await api.post<{ user: AuthUser }>('/api/auth/token', { token });
    sessionBelief.set(true);
    return null;
  } catch (error) {
    return error instanceof ApiError ? error : new ApiError(0);
  }
}
