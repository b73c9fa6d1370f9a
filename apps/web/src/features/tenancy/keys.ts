export const tenancyKeys = {
  all: ['tenancy'] as const,
  client: () => [...tenancyKeys.all, 'client'] as const,
  theme: (venue: string | null) => [...tenancyKeys.all, 'theme', venue ?? ''] as const,
  footer: (venue: string | null) => [...tenancyKeys.all, 'footer', venue ?? ''] as const,
};
