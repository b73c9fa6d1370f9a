import type { ProgrammeKind } from './kinds';

/** Courses and camps show places left, so they sit under one prefix the refetch rules reload. */
export const programmeKeys = {
  all: ['programmes'] as const,
  categories: (kind: ProgrammeKind, venue: string) => [...programmeKeys.all, kind, 'categories', venue] as const,
  list: (kind: ProgrammeKind, venue: string, category: string, page: number) =>
    [...programmeKeys.all, kind, 'list', venue, category, page] as const,
  detail: (kind: ProgrammeKind, slug: string) => [...programmeKeys.all, kind, 'detail', slug] as const,
};
