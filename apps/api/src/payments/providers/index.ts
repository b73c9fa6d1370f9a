import { type PaymentProviderName, paymentMessages, paymentProviders } from '@app/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { sandboxProvider } from './sandbox';
import type { PaymentProvider } from './types';

export interface PaymentProviders {
  /** The provider a client is configured for, or the spec's "not supported" error. */
  forClient(name: string): PaymentProvider;
}

export function createPaymentProviders(db: Db): PaymentProviders {
  const available = new Map<PaymentProviderName, PaymentProvider>([['sandbox', sandboxProvider(db)]]);
  return {
    forClient(name) {
      if (!name) throw new AppError('provider_not_specified');
      const provider = (paymentProviders as readonly string[]).includes(name) ? available.get(name as PaymentProviderName) : undefined;
      if (!provider) throw new AppError('provider_not_supported', { message: paymentMessages.providerNotSupported(name) });
      return provider;
    },
  };
}

export type { PaymentProvider } from './types';
