import type { Category } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { activityKeys } from '../keys';
import type { CategoryInfo } from './get-categories';

export const getCategory = async (venue: string, slug: string): Promise<CategoryInfo> =>
  (await api.get<Category>(`/api/activities/venue/${encodeURIComponent(venue)}/categories/${encodeURIComponent(slug)}`)).data;

export const categoryQueryOptions = (venue: string, slug: string) =>
  queryOptions({ queryKey: activityKeys.category(venue, slug), queryFn: () => getCategory(venue, slug), staleTime: 5 * 60_000 });

export const useCategory = (venue: string, slug: string) =>
  useQuery({ ...categoryQueryOptions(venue, slug), enabled: Boolean(venue && slug) });
