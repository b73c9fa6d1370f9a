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
    /** Opayo's Drop-in checkout script (card fields hosted by Opayo, tokenised with the merchant session key). */
    scriptUrl: url.default('https://sandbox.opayo.eu.elavon.com/api/v1/js/sagepay.js'),
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

export const providerSettings = z.discriminatedUnion('provider', [sandboxSettings, stripeSettings, opayoSettings, ryftSettings]);
export type ProviderSettings = z.infer<typeof providerSettings>;
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

/** The secrets of a client's settings: what must never appear in an answer or a log. */
export function secretsOf(settings: ProviderSettings): string[] {
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
  for (const s of Object.values(settings)) {
    if (s.provider === 'sandbox') continue;
    add(s.scriptUrl);
    add(s.apiUrl);
    if (s.provider === 'stripe') stripeHosts(s.scriptUrl);
  }
  return [...origins];
}
