import type { outboxEmail } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, type Camelize } from '../../../lib/api';

export type OutboxEmail = Camelize<z.infer<typeof outboxEmail>>;

/** GET /api/dev/outbox: email written instead of sent (no SMTP configured); the API has no such call in production. */
export const getOutbox = async (): Promise<OutboxEmail[]> => (await api.get<z.infer<typeof outboxEmail>[]>('/api/dev/outbox')).data;

export const outboxQueryOptions = () =>
  queryOptions({ queryKey: ['outbox'], queryFn: getOutbox, throwOnError: false, refetchInterval: 5000 });

export const useOutbox = () => useQuery(outboxQueryOptions());
