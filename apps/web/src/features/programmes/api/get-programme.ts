import type { Programme } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { deskSourceParam } from '../../../lib/desk-mode';
import { programmeKeys } from '../keys';
import type { ProgrammeKind } from '../kinds';
import type { ProgrammeInfo } from './get-programmes';

/**
 * One course or camp by its URL name, for online customers; with `attendee` (the customer or a linked user), its
 * sessions, restrictions and bookable action are that person's (selected_user_id). At the desk, the desk's places.
 */
export const getProgramme = async (kind: ProgrammeKind, slug: string, attendee?: number | null): Promise<ProgrammeInfo> =>
  (
    await api.get<Programme>(`/api/v1/activities/${kind}/${encodeURIComponent(slug)}`, {
      params: { source: 'online', ...deskSourceParam(), ...(attendee ? { selectedUserId: attendee } : {}) },
    })
  ).data;

export const useProgramme = (kind: ProgrammeKind, slug: string, attendee: number | null = null) => {
  const key = programmeKeys.detail(kind, slug, deskSourceParam().source);
  return useQuery({
    queryKey: attendee === null ? key : [...key, attendee],
    queryFn: () => getProgramme(kind, slug, attendee),
    staleTime: 0,
    // Switching attendee keeps the page while their view loads.
    placeholderData: keepPreviousData,
  });
};
