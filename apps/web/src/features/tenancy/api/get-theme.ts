import type { Theme } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, api, type Camelize } from '../../../lib/api';
import { tenancyKeys } from '../keys';

export type ThemeSettings = Camelize<Theme>;

/** The theme of the selected venue; an unknown venue (404) falls back to the client's theme (doc 1, section 4). */
export async function getTheme(venue: string | null): Promise<ThemeSettings> {
  if (venue) {
    try {
      return (await api.get<Theme>('/api/frontend/theme', { params: { venue } })).data;
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
  }
  return (await api.get<Theme>('/api/frontend/theme')).data;
}

export const themeQueryOptions = (venue: string | null) =>
  queryOptions({
    queryKey: tenancyKeys.theme(venue),
    queryFn: () => getTheme(venue),
    staleTime: 5 * 60_000,
    // The theme gate shows the maintenance or error page itself.
    throwOnError: false,
  });
