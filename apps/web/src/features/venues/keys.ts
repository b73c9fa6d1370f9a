export const venueKeys = {
  all: ['venues'] as const,
  list: () => [...venueKeys.all, 'list'] as const,
  detail: (slug: string) => [...venueKeys.all, 'detail', slug] as const,
  search: (params: object | null) => [...venueKeys.all, 'search', params] as const,
};
