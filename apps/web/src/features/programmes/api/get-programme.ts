import type { Programme } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { programmeKeys } from '../keys';
import type { ProgrammeKind } from '../kinds';
import type { ProgrammeInfo } from './get-programmes';

/** One course or camp by its URL name, for online customers. */
export const getProgramme = async (kind: ProgrammeKind, slug: string): Promise<ProgrammeInfo> =>
  (await api.get<Programme>(`/api/v1/activities/${kind}/${encodeURIComponent(slug)}`, { params: { source: 'online' } })).data;

export const useProgramme = (kind: ProgrammeKind, slug: string) =>
  useQuery({ queryKey: programmeKeys.detail(kind, slug), queryFn: () => getProgramme(kind, slug), staleTime: 0 });
