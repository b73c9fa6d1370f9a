import type { CompleteResult } from '@app/contracts';
import { api } from '../../../lib/api';
import { completedWaivers } from '../../../lib/completed-waivers';

export interface CompleteInput {
  transactionUuid: string;
  terms: boolean;
  itemHash: string;
  payments: { tenderType: string; amount: number }[];
}

/** POST /api/checkout/complete: turns the authorised payment into the order. The envelope's message comes too. */
export const completeOrder = async (input: CompleteInput) => {
  const res = await api.post<CompleteResult>('/api/checkout/complete', {
    ...input,
    completedWaivers: completedWaivers.read(),
  });
  return { data: res.data, message: res.message };
};
