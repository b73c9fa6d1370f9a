import { type PaymentProviderName, paymentMessages, paymentProviders } from '@app/contracts';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { sandboxProvider } from './sandbox';
import { stripeProvider } from './stripe';
import type { PaymentProvider } from './types';

export interface PaymentProviders {
  /** The provider a client is configured for, or the spec's "not supported" error. */
  forClient(name: string): PaymentProvider;
}

/**
 * The providers this deployment can use. Sandbox always; Stripe when its keys are configured (a client set to Stripe
 * without them gets 'Failed to get Stripe configuration'); Opayo and Ryft are refused as not supported
 * (docs/decisions/034-payment-providers.md).
 */
export function createPaymentProviders(db: Db, config: Pick<Config, 'stripe'>): PaymentProviders {
  const available = new Map<PaymentProviderName, PaymentProvider>([['sandbox', sandboxProvider(db)]]);
  if (config.stripe) available.set('stripe', stripeProvider(config.stripe));
  return {
    forClient(name) {
      if (!name) throw new AppError('provider_not_specified');
      if (name === 'stripe' && !available.has('stripe')) throw new AppError('stripe_config_failed');
      const provider = (paymentProviders as readonly string[]).includes(name) ? available.get(name as PaymentProviderName) : undefined;
      if (!provider) throw new AppError('provider_not_supported', { message: paymentMessages.providerNotSupported(name) });
      return provider;
    },
  };
}

export type { CaptureOutcome, PaymentLookup, PaymentProvider, ProviderEvent, RefundOutcome } from './types';
export { ProviderUnavailable } from './types';
