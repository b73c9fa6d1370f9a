import type { PaymentSession } from '@app/contracts';
import { api, type Camelize } from '../../../lib/api';

export type PaymentSessionInfo = Camelize<PaymentSession>;

/** GET /api/checkout/prepare: a payment session for the basket's balance, and where card details go. */
export const preparePayment = async (): Promise<PaymentSessionInfo> => (await api.get<PaymentSession>('/api/checkout/prepare')).data;
