import type { PaymentSession } from '@app/contracts';
import { api, type Camelize } from '../../../lib/api';

/**
 * A prepared payment session as the checkout keeps it: the server's answer, and `expiresAt`, when it stops working on
 * this browser's clock (the server says how many seconds are left, so the clocks need not agree; decision 201).
 */
export type PaymentSessionInfo = Camelize<PaymentSession> & { expiresAt?: number | null };

/** GET /api/checkout/prepare: a payment session for the basket's balance, and where card details go. */
export const preparePayment = async (): Promise<PaymentSessionInfo> => {
  const asked = Date.now();
  const session = (await api.get<PaymentSession>('/api/checkout/prepare')).data;
  const left = session.expiresIn;
  return { ...session, expiresAt: typeof left === 'number' ? asked + left * 1000 : null };
};
