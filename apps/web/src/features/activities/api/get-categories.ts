import type { Category } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Camelize } from '../../../lib/api';
import { activityKeys } from '../keys';

export type CategoryInfo = Camelize<Category>;

export const getCategories = async (venue: string): Promise<CategoryInfo[]> =>
  (await api.get<Category[]>(`/api/activities/venue/${encodeURIComponent(venue)}/categories`)).data;

export const categoriesQueryOptions = (venue: string) =>
  queryOptions({ queryKey: activityKeys.categories(venue), queryFn: () => getCategories(venue), staleTime: 5 * 60_000 });

export const useCategories = (venue: string) => useQuery(categoriesQueryOptions(venue));
