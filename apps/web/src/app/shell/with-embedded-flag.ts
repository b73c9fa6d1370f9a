import type { Location, To } from 'react-router';

/**
 * Embedded mode holds for the visit (sessionStorage), but the address is what an operator's page, a shared link or a
 * reload in a new tab sees: a page of an embedded visit keeps `?embedded=true` in its address (issue 13, defect 15).
 * Returns where to go instead, or null when the address already says so (or the visit is not embedded).
 */
export function withEmbeddedFlag(location: Pick<Location, 'pathname' | 'search' | 'hash'>, embedded: boolean): To | null {
  if (!embedded) return null;
  const params = new URLSearchParams(location.search);
  if (params.has('embedded')) return null;
  params.set('embedded', 'true');
  return { pathname: location.pathname, search: `?${params.toString()}`, hash: location.hash };
}
