import type { footer } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { tenancyKeys } from '../keys';

export const getFooter = async (venue: string | null): Promise<string> =>
  (await api.get<z.infer<typeof footer>>('/api/activities/footer', { params: { venue: venue ?? undefined } })).data.html;

export const footerQueryOptions = (venue: string | null) =>
  queryOptions({ queryKey: tenancyKeys.footer(venue), queryFn: () => getFooter(venue), staleTime: 5 * 60_000, throwOnError: false });

export const useFooter = (venue: string | null) => useQuery(footerQueryOptions(venue));
