import type { Location, To } from 'react-router';

/**
 * Doc 2, section 2: a trailing slash is removed by redirect ('/location/harrogate/' -> '/location/harrogate'),
 * keeping the query and the hash. The server does the same for a first load; this covers links inside the app.
 */
export function withoutTrailingSlash(location: Pick<Location, 'pathname' | 'search' | 'hash'>): To | null {
  if (location.pathname.length <= 1 || !location.pathname.endsWith('/')) return null;
  return { pathname: location.pathname.replace(/\/+$/, '') || '/', search: location.search, hash: location.hash };
}
