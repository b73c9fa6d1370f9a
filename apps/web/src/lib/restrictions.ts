import type { restriction } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, type Camelize } from '../../../lib/api';
import { programmeKeys } from '../keys';

export type RestrictionInfo = Camelize<z.infer<typeof restriction>>;

/** A waiver's terms, fetched by its id (doc 2: "Waiver terms: fetched by waiver id"). */
export const getRestriction = async (id: number): Promise<RestrictionInfo> =>
  (await api.get<z.infer<typeof restriction>>(`/api/v1/activities/restrictions/${id}`)).data;

export const useRestriction = (id: number | null) =>
  useQuery({
    queryKey: [...programmeKeys.all, 'restriction', id],
    queryFn: () => getRestriction(id as number),
    enabled: id !== null,
    staleTime: 60_000,
  });
