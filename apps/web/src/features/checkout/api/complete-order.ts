import type { CompleteResult } from '@app/contracts';
import { api } from '../../../lib/api';

export interface CompleteInput {
  transactionUuid: string;
  terms: boolean;
  itemHash: string;
}

/** POST /api/checkout/complete: turns the authorised payment into the order. */
export const completeOrder = async (input: CompleteInput) =>
  (await api.post<CompleteResult>('/api/checkout/complete', { ...input, payments: [], completedWaivers: [] })).data;
