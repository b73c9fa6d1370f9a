import type { Theme } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api, type Camelize } from '../../../lib/api';
import { tenancyKeys } from '../keys';

export type ThemeSettings = Camelize<Theme>;

/**
 * The theme of the selected venue. Doc 1, section 4: when that request fails for any reason, it is asked again with
 * no venue (the client's theme); only that second answer's failure reaches the theme gate (503: maintenance page).
 */
export async function getTheme(venue: string | null, signal?: AbortSignal): Promise<ThemeSettings> {
  if (venue) {
    try {
      return (await api.get<Theme>('/api/frontend/theme', { params: { venue }, signal })).data;
    } catch (error) {
      if (signal?.aborted) throw error;
    }
  }
  return (await api.get<Theme>('/api/frontend/theme', { signal })).data;
}

export const themeQueryOptions = (venue: string | null) =>
  queryOptions({
    queryKey: tenancyKeys.theme(venue),
    queryFn: ({ signal }) => getTheme(venue, signal),
    staleTime: 5 * 60_000,
    // The theme gate shows the maintenance or error page itself.
    throwOnError: false,
  });
