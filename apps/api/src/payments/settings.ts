import { z } from 'zod';

/**
 * Each client's card provider settings (decision 110): which provider it uses and that provider's account, read once
 * at start from PAYMENT_SETTINGS (JSON keyed by client identifier) and validated here, so a client set to a provider
 * with missing or malformed keys stops the process at start, not a customer at the checkout. Secrets live in the
 * deployment's environment, never in the database, and no API answer ever carries one: what the browser needs
 * (Stripe's publishable key, Ryft's public key, the script address) is named apart from the secrets.
 */
const url = z.string().url();
const key = z.string().trim().min(1).max(500);
/** How long one call to the provider may take before its outcome counts as unknown (then reconciliation decides). */
const timeoutMs = z.number().int().min(100).max(120_000).default(20_000);

export const sandboxSettings = z.object({ provider: z.literal('sandbox') }).strict();

export const stripeSettings = z
  .object({
    provider: z.literal('stripe'),
    secretKey: key,
    publishableKey: key,
    webhookSecret: key.optional(),
    /** Where the API is; set only to point the SDK at a local fake. */
    apiUrl: url.optional(),
    /** Stripe.js: the page loads the Payment Element from here. */
    scriptUrl: url.default('https://js.stripe.com/v3/'),
    timeoutMs,
  })
  .strict();

export const opayoSettings = z
  .object({
    provider: z.literal('opayo'),
    vendorName: z.string().trim().min(1).max(16),
    integrationKey: key,
    integrationPassword: key,
    apiUrl: url.default('https://sandbox.opayo.eu.elavon.com/api/v1'),
    /**
     * Opayo's Drop-in checkout script (sagepayCheckout: card fields hosted by Opayo, tokenised with the merchant session
     * key). `js/sagepay.js` is Opayo's own-form library (sagepayOwnForm), which the checkout does not use (decision 201).
     */
    scriptUrl: url.default('https://sandbox.opayo.eu.elavon.com/api/v1/js/sagepay-dropin.js'),
    timeoutMs,
  })
  .strict();

export const ryftSettings = z
  .object({
    provider: z.literal('ryft'),
    secretKey: key,
    publicKey: key,
    /** A sub-account, when the operator is paid through a Ryft platform account. */
    accountId: z.string().trim().min(1).max(100).optional(),
    webhookSecret: key,
    apiUrl: url.default('https://sandbox-api.ryftpay.com/v1'),
    /** Ryft's embedded SDK. */
    scriptUrl: url.default('https://embedded.ryftpay.com/v2/ryft.min.js'),
    timeoutMs,
  })
  .strict();

/** One provider's account, as a client's current or earlier provider. */
export const oneProviderSettings = z.discriminatedUnion('provider', [sandboxSettings, stripeSettings, opayoSettings, ryftSettings]);

/**
 * The providers a client took payments with before its current one (decision 203): kept so that the payments each
 * took are still refunded, released and reconciled through it, and its webhooks and notifications still heard. It
 * takes no new payments.
 */
const earlier = z.array(oneProviderSettings).max(5).optional();

export const providerSettings = z
  .discriminatedUnion('provider', [
    sandboxSettings.extend({ earlier }),
    stripeSettings.extend({ earlier }),
    opayoSettings.extend({ earlier }),
    ryftSettings.extend({ earlier }),
  ])
  .refine((s) => new Set([s.provider, ...(s.earlier ?? []).map((e) => e.provider)]).size === 1 + (s.earlier?.length ?? 0), {
    message: 'each provider once: the current one is not also earlier, nor an earlier one twice',
    path: ['earlier'],
  });
export type ProviderSettings = z.infer<typeof oneProviderSettings>;
export type ClientPaymentSettings = z.infer<typeof providerSettings>;

/** A client's settings for one provider, current or earlier; null when that provider is not configured for it. */
export function settingsFor(settings: ClientPaymentSettings | undefined, provider: string): ProviderSettings | null {
  if (!settings) return null;
  if (settings.provider === provider) return settings;
  return settings.earlier?.find((e) => e.provider === provider) ?? null;
}
export type StripeSettings = z.infer<typeof stripeSettings>;
export type OpayoSettings = z.infer<typeof opayoSettings>;
export type RyftSettings = z.infer<typeof ryftSettings>;

export const paymentSettings = z.record(z.string().trim().min(1).max(64), providerSettings);
export type PaymentSettings = z.infer<typeof paymentSettings>;

/**
 * Reads PAYMENT_SETTINGS. A problem names the client and the field, never a value: the text may hold secrets.
 */
export function parsePaymentSettings(raw: string | undefined): PaymentSettings {
  if (!raw?.trim()) return {};
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new Error('PAYMENT_SETTINGS is not valid JSON');
  }
  const parsed = paymentSettings.safeParse(json);
  if (!parsed.success) {
    const where = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
    throw new Error(`PAYMENT_SETTINGS is invalid: ${where}`);
  }
  return parsed.data;
}

/** The secrets of a client's settings (its earlier providers' too): what must never appear in an answer or a log. */
export function secretsOf(settings: ClientPaymentSettings | ProviderSettings): string[] {
  const earlierSecrets = 'earlier' in settings ? (settings.earlier ?? []).flatMap(secretsOf) : [];
  return [...ownSecrets(settings), ...earlierSecrets];
}

function ownSecrets(settings: ProviderSettings): string[] {
  switch (settings.provider) {
    case 'stripe':
      return [settings.secretKey, settings.webhookSecret].filter((s): s is string => !!s);
    case 'opayo':
      return [settings.integrationKey, settings.integrationPassword];
    case 'ryft':
      return [settings.secretKey, settings.webhookSecret];
    default:
      return [];
  }
}

const originOf = (value: string | undefined): string | null => {
  try {
    return value ? new URL(value).origin : null;
  } catch {
    return null;
  }
};

/**
 * Where the checkout page may load provider scripts from, call and frame, for the Content-Security-Policy: the script
 * and API origins of every configured provider (decision 112), with Stripe's own hosts when the real Stripe.js is used.
 */
export function providerOrigins(
  settings: PaymentSettings,
  stripe: { scriptUrl?: string | undefined; apiUrl?: string | undefined } | null,
): string[] {
  const origins = new Set<string>();
  const add = (value: string | undefined) => {
    const origin = originOf(value);
    if (origin) origins.add(origin);
  };
  const stripeHosts = (scriptUrl: string | undefined) => {
    if (!scriptUrl || originOf(scriptUrl) === 'https://js.stripe.com') {
      for (const host of ['https://js.stripe.com', 'https://api.stripe.com', 'https://hooks.stripe.com']) origins.add(host);
    }
  };
  if (stripe) {
    add(stripe.scriptUrl);
    add(stripe.apiUrl);
    stripeHosts(stripe.scriptUrl);
  }
  for (const s of Object.values(settings).flatMap((c) => [c, ...(c.earlier ?? [])])) {
    if (s.provider === 'sandbox') continue;
    add(s.scriptUrl);
    add(s.apiUrl);
    if (s.provider === 'stripe') stripeHosts(s.scriptUrl);
  }
  return [...origins];
}
