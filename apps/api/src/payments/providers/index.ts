import { paymentMessages } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { type Config, stripeConfig } from '../../config';
import type { Db } from '../../db/client';
import { clients } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { type ProviderSettings, settingsFor } from '../settings';
import { opayoProvider } from './opayo';
import { ryftProvider } from './ryft';
import { sandboxProvider } from './sandbox';
import { stripeProvider } from './stripe';
import type { PaymentProvider } from './types';

export interface PaymentProviders {
  /** The name of the provider a client takes new payments with: its own settings', else clients.payment_provider. */
  nameFor(client: { identifier: string; paymentProvider: string }): string;
  /**
   * The provider `name` as configured for a client (its own keys, current or earlier, else the deployment's), or the
   * spec's error: 'Payment provider not specified', 'Failed to get Stripe configuration', "Payment provider '{x}' is
   * not supported". A transaction is settled through the provider that took it (its `provider`), whatever the client
   * uses now, as long as that provider's settings are kept (decision 203).
   */
  forClient(name: string, clientId: number): Promise<PaymentProvider>;
  /**
   * A client's own settings for `provider` (its current one, or one kept as earlier), by identifier: webhook and
   * notification routes name the client in their address.
   */
  settingsOf(clientIdentifier: string, provider: string): ProviderSettings | null;
}

/**
 * The providers this deployment can use (decision 110). Sandbox always; Stripe with the client's own keys or the
 * deployment's STRIPE_* keys; Opayo and Ryft with the client's own settings from PAYMENT_SETTINGS. Adapters are made
 * once per client and provider and kept.
 */
export function createPaymentProviders(db: Db, config: Pick<Config, 'stripe' | 'paymentSettings'>): PaymentProviders {
  const sandbox = sandboxProvider(db);
  const deploymentStripe = config.stripe ? stripeProvider(config.stripe) : null;
  const made = new Map<string, PaymentProvider>();
  const identifiers = new Map<number, string>();

  const identifierOf = async (clientId: number): Promise<string | null> => {
    const known = identifiers.get(clientId);
    if (known) return known;
    const [row] = await db.select({ identifier: clients.identifier }).from(clients).where(eq(clients.id, clientId));
    if (row) identifiers.set(clientId, row.identifier);
    return row?.identifier ?? null;
  };

  const adapterFor = (identifier: string, settings: ProviderSettings): PaymentProvider => {
    const cacheKey = `${identifier}:${settings.provider}`;
    const existing = made.get(cacheKey);
    if (existing) return existing;
    let provider: PaymentProvider;
    switch (settings.provider) {
      case 'sandbox':
        provider = sandbox;
        break;
      case 'stripe':
        provider = stripeProvider({
          ...stripeConfig(settings.secretKey, settings.publishableKey, settings.webhookSecret, settings.apiUrl),
          scriptUrl: settings.scriptUrl,
          timeoutMs: settings.timeoutMs,
        });
        break;
      case 'opayo':
        provider = opayoProvider(settings, identifier);
        break;
      case 'ryft':
        provider = ryftProvider(settings);
        break;
    }
    made.set(cacheKey, provider);
    return provider;
  };

  return {
    nameFor(client) {
      return config.paymentSettings[client.identifier]?.provider ?? client.paymentProvider;
    },
    settingsOf(identifier, provider) {
      return settingsFor(config.paymentSettings[identifier], provider);
    },
    async forClient(name, clientId) {
      if (!name) throw new AppError('provider_not_specified');
      if (name === 'sandbox') return sandbox;
      const identifier = await identifierOf(clientId);
      const own = identifier ? settingsFor(config.paymentSettings[identifier], name) : null;
      if (identifier && own) return adapterFor(identifier, own);
      if (name === 'stripe') {
        if (!deploymentStripe) throw new AppError('stripe_config_failed');
        return deploymentStripe;
      }
      // Opayo and Ryft have no deployment-wide account: a client set to one without its settings cannot take cards.
      throw new AppError('provider_not_supported', { message: paymentMessages.providerNotSupported(name) });
    },
  };
}

export type { CaptureOutcome, PaymentLookup, PaymentProvider, ProviderEvent, RefundOutcome } from './types';
export { ProviderUnavailable } from './types';
