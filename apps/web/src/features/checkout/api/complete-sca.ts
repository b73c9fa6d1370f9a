import { api } from '../../../lib/api';

export interface ScaCompletion {
  transactionId: string;
  status: string;
}

/**
 * POST /payment-providers/sca-completion/{transactionId} (general API): tells the server the customer is back from
 * the provider's 3-D Secure challenge; the answer's status says whether the payment is now authorised.
 */
export const completeSca = async (transactionId: string, scaResult: string) =>
  (
    await api.post<{ transaction_id: string; status: string }>(
      `/api/payment-providers/sca-completion/${encodeURIComponent(transactionId)}`,
      {
        transactionUuid: transactionId,
        scaResult,
      },
    )
  ).data as ScaCompletion;
