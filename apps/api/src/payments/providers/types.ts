import type { PaymentProviderName } from '@app/contracts';

export interface PrepareInput {
  clientId: number;
  sessionKey: string;
  amount: number;
  currency: string;
}

export interface PrepareOutput {
  /** Where the browser sends card details: the provider's side of the card boundary. */
  url: string;
  clientSecret: string | null;
  mode: 'test' | 'live';
  /** A key the browser needs to talk to the provider (Stripe's publishable key), if any. */
  publicKey?: string | null;
}

export interface AuthoriseInput {
  transactionUuid: string;
  sessionKey: string;
  /** The single-use card token the provider's side gave the browser (sandbox, Opayo-style). */
  cardIdentifier: string | null;
  /** A card the customer saved earlier: the provider's reusable reference. */
  savedReference: string | null;
  /** Stripe: the PaymentMethod the browser created with Stripe.js. */
  paymentMethodId: string | null;
  amount: number;
  currency: string;
  /** Where the customer comes back to after a 3-D Secure challenge. */
  returnUrl: string;
}

export type AuthoriseOutcome =
  | { status: 'authorised'; reference: string; last4: string | null; brand: string | null }
  | { status: 'declined'; code: string; message: string; last4: string | null; brand: string | null }
  | {
      status: 'sca_required';
      reference: string;
      scaUrl: string;
      scaMethod: 'GET' | 'POST';
      scaData: Record<string, string>;
      clientSecret: string | null;
    };

export interface ScaInput {
  transactionUuid: string;
  reference: string | null;
  /** What the browser brought back from the challenge; providers check it against their own record. */
  scaResult: string;
}

export type ScaOutcome = { status: 'authorised'; reference: string } | { status: 'failed'; code: string; message: string };

export interface MoneyInput {
  transactionUuid: string;
  reference: string | null;
  amount: number;
  currency: string;
}

/**
 * What a provider's webhook says about one of its payments, in the checkout's words: authorised (3-D Secure passed
 * while the customer was away) or failed. `reference` is the provider's own id, the transaction's providerReference.
 */
export type ProviderEvent = { reference: string } & ({ status: 'authorised' } | { status: 'failed'; code: string });

/** A provider failed to answer (network, configuration): the checkout turns it into the spec's payment error. */
export class ProviderUnavailable extends Error {}

/**
 * What the checkout needs of a card provider. Each provider (sandbox, stripe) implements it in one file and
 * normalises its answers to these outcomes, so the checkout never branches on the provider. Money moves only in
 * complete (a capture, safe to repeat for one transaction) and refund.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  prepare(input: PrepareInput): Promise<PrepareOutput>;
  authorise(input: AuthoriseInput): Promise<AuthoriseOutcome>;
  /** After the customer's 3-D Secure challenge: is the payment now authorised? */
  handleSca(input: ScaInput): Promise<ScaOutcome>;
  /** Takes the authorised amount. Repeating it for the same transaction takes it once. */
  complete(input: MoneyInput): Promise<{ status: 'captured' } | { status: 'failed'; message: string }>;
  refund(input: MoneyInput): Promise<{ status: 'refunded' } | { status: 'failed'; message: string }>;
  /** Releases an authorisation that will never be captured (a second tab's payment); absent when nothing is held. */
  cancel?(input: MoneyInput): Promise<void>;
  /** Keeps the card of an authorised transaction for later (save_card); absent when the provider cannot. */
  saveCard?(input: { transactionUuid: string }): Promise<SavedCardRef | null>;
}

export interface SavedCardRef {
  reference: string;
  last4: string;
  brand: string;
  expiry: string;
}
