import type { Programme } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type Camelize } from '../../../lib/api';
import { deskSourceParam } from '../../../lib/desk-mode';
import { programmeKeys } from '../keys';
import type { ProgrammeKind } from '../kinds';

export type ProgrammeInfo = Camelize<Programme>;

export interface ProgrammePage {
  programmes: ProgrammeInfo[];
  page: number;
  totalPages: number;
}

const PER_PAGE = 20;

/** One page of a category's courses (or camps) at a venue, for online customers; at the desk, the desk's places. */
export async function getProgrammes(kind: ProgrammeKind, venue: string, category: string, page: number): Promise<ProgrammePage> {
  const res = await api.get<Programme[]>(`/api/v1/activities/${kind}`, {
    params: { venueSlugs: venue, categorySlugs: category, source: 'online', ...deskSourceParam(), page, perPage: PER_PAGE },
  });
  const meta = res.meta as { currentPage?: number; totalPages?: number | null } | undefined;
  return { programmes: res.data, page: meta?.currentPage ?? page, totalPages: meta?.totalPages ?? 1 };
}

export const useProgrammes = (kind: ProgrammeKind, venue: string, category: string, page: number) =>
  useQuery({
    queryKey: programmeKeys.list(kind, venue, category, page, deskSourceParam().source),
    queryFn: () => getProgrammes(kind, venue, category, page),
    // Keeps the current page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
