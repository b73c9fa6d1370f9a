import type { ProgrammeKind } from './kinds';

/** Courses and camps show places left, so they sit under one prefix the refetch rules reload. */
export const programmeKeys = {
  all: ['programmes'] as const,
  categories: (kind: ProgrammeKind, venue: string) => [...programmeKeys.all, kind, 'categories', venue] as const,
  // The desk's places differ from the customers' (source foh, decision 260), so they are kept apart.
  list: (kind: ProgrammeKind, venue: string, category: string, page: number, source: 'online' | 'foh' = 'online') =>
    [...programmeKeys.all, kind, 'list', venue, category, page, source] as const,
  detail: (kind: ProgrammeKind, slug: string, source: 'online' | 'foh' = 'online') =>
    [...programmeKeys.all, kind, 'detail', slug, source] as const,
};
