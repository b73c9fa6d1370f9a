import type { Category } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { programmeKeys } from '../keys';
import type { ProgrammeKind } from '../kinds';

export interface ProgrammeCategory {
  id: number;
  name: string;
  slug: string;
  /** The group it sits in ('Swimming'), if any. */
  group: string | null;
}

/**
 * The categories of a venue that have courses (or camps) open for booking: the bookable-categories call (top-level
 * categories with something bookable), narrowed to the categories of the kind, at the top or one level down.
 */
export async function getProgrammeCategories(kind: ProgrammeKind, venue: string): Promise<ProgrammeCategory[]> {
  const { data } = await api.get<Category[]>('/api/v1/activities/categories/bookable', { params: { venueSlugs: venue, source: 'online' } });
  return data.flatMap((top): ProgrammeCategory[] =>
    top.bookingType === kind
      ? [{ id: top.id, name: top.name, slug: top.slug, group: null }]
      : top.children
          .filter((child) => child.bookingType === kind)
          .map((child) => ({ id: child.id, name: child.name, slug: child.slug, group: top.name })),
  );
}

export const useProgrammeCategories = (kind: ProgrammeKind, venue: string) =>
  useQuery({ queryKey: programmeKeys.categories(kind, venue), queryFn: () => getProgrammeCategories(kind, venue) });
