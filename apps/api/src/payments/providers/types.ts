import type { PaymentProviderName } from '@app/contracts';

export interface PrepareInput {
  clientId: number;
  sessionKey: string;
  amount: number;
  currency: string;
  /** This site's origin as the customer sees it (https://bookings.example): providers that send the browser back need it. */
  origin: string;
  /** The provider's customer of this customer, for a provider whose session must name it (`customerAtPrepare`). */
  customer: string | null;
}

export interface PrepareOutput {
  /** Where the browser sends card details: the provider's side of the card boundary. */
  url: string;
  clientSecret: string | null;
  mode: 'test' | 'live';
  /** A key the browser needs to talk to the provider (Stripe's publishable key), if any. */
  publicKey?: string | null;
  /**
   * The provider's own session stands for ours (Opayo's merchant session key, Ryft's payment session id): it becomes
   * the session key the browser and authorise use. Absent: the key we proposed stands.
   */
  sessionKey?: string;
  /** The provider's sub-account the browser's script must name (Ryft's accountId), if any. */
  accountId?: string | null;
  /** When the provider's session stops working (Opayo's merchant session key lasts 400 seconds); absent: no sooner than ours. */
  expiresAt?: Date;
}

export interface AuthoriseInput {
  transactionUuid: string;
  sessionKey: string;
  /** The single-use card token the provider's side gave the browser (sandbox, Opayo-style). */
  cardIdentifier: string | null;
  /** A card the customer saved earlier: the provider's reusable reference. */
  savedReference: string | null;
  /**
   * The customer asked to keep this new card (save_card). Providers that must be told when the card is first used
   * (Opayo's `save`, decision 141) are told here; saveCard then reads the reusable reference.
   */
  saveCard: boolean;
  /**
   * The provider's customer of this customer at this client (decision 220), when the provider keeps cards on one
   * (`createCustomer`) and a card is to be kept or a kept one used; null otherwise.
   */
  customer: string | null;
  /** Stripe: the PaymentMethod the browser created with Stripe.js. */
  paymentMethodId: string | null;
  amount: number;
  currency: string;
  /** Where the customer comes back to after a 3-D Secure challenge. */
  returnUrl: string;
  /** This site's origin as the customer sees it: absolute addresses for the provider (Opayo's notification URL). */
  origin: string;
  /** The cardholder's name and billing address, as the checkout form sent them (3-D Secure v2 wants them). */
  billing: {
    firstName?: string | undefined;
    lastName?: string | undefined;
    address1?: string | undefined;
    city?: string | undefined;
    postcode?: string | undefined;
  };
  /** The browser's details for 3-D Secure v2 (document 1, section 7's browser data). */
  browser: {
    ip: string;
    userAgent: string;
    accept: string;
    language?: string | undefined;
    colorDepth?: number | undefined;
    screenHeight?: number | undefined;
    screenWidth?: number | undefined;
    timezoneOffset?: number | undefined;
    javaEnabled?: boolean | undefined;
  };
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
  /** The card was to be kept ('save'), was a kept one ('saved'), or neither (decision 223). */
  cardUse: 'save' | 'saved' | null;
}

export type ScaOutcome = { status: 'authorised'; reference: string } | { status: 'failed'; code: string; message: string };

/** One transaction's money at the provider: the transaction (our id), the provider's own reference, how much. */
export interface MoneyInput {
  transactionUuid: string;
  reference: string | null;
  amount: number;
  currency: string;
}

/**
 * What a capture did. `captured` carries the amount the provider now holds as taken for the transaction (the whole
 * authorised amount); `declined` means nothing was taken and nothing will be (the authorisation expired, was
 * released, or the provider refused). When the outcome is unknown (no answer, a timeout) capture throws
 * ProviderUnavailable: the money may or may not have moved, and only lookup can tell.
 */
export type CaptureOutcome = { status: 'captured'; amount: number } | { status: 'declined'; message: string };

export interface RefundInput extends MoneyInput {
  /** Our id of this refund, sent as the provider's idempotency key: the same refund id never gives money back twice. */
  refundId: string;
  /**
   * The provider's references of this transaction's refunds already recorded as given: a provider without an
   * idempotency key (Ryft) finds an earlier try of this refund among its refunds that are not these (decision 202).
   */
  recordedRefunds: string[];
  /** `amount` is what to give back: all or part of what was captured. */
}

export type RefundOutcome = { status: 'refunded'; reference: string | null } | { status: 'failed'; message: string };

/**
 * What the provider's own record says of a transaction, for reconciliation: `authorised` (held, not taken),
 * `captured` (taken; `captured` and `refunded` say how much), `released` (the authorisation was let go),
 * `failed` (never authorised) or `not_found`.
 */
export interface PaymentLookup {
  status: 'authorised' | 'captured' | 'released' | 'failed' | 'not_found';
  captured: number;
  refunded: number;
}

/**
 * What a provider's webhook says about one of its payments, in the checkout's words: authorised (3-D Secure passed
 * while the customer was away) or failed. `reference` is the provider's own id, the transaction's providerReference.
 */
export type ProviderEvent = { reference: string } & ({ status: 'authorised' } | { status: 'failed'; code: string });

/**
 * A provider failed to answer (network, configuration): the checkout turns it into the spec's payment error, or into
 * `userMessage` when the provider's step has its own words ('Failed to create Opayo session').
 */
export class ProviderUnavailable extends Error {
  readonly userMessage: string | undefined;
  constructor(message?: string, options?: ErrorOptions & { userMessage?: string }) {
    super(message, options);
    this.userMessage = options?.userMessage;
  }
}

/**
 * What the checkout needs of a card provider. Each provider (sandbox, stripe; later others) implements it in one file
 * and normalises its answers to these outcomes, so the checkout never branches on the provider. Money moves only in
 * capture and refund, and both are idempotent, so the checkout can repeat them after a crash or a lost answer
 * (docs/decisions/070-money-moves-once.md). A provider that cannot be reached, or whose answer is lost, throws
 * ProviderUnavailable; any other answer is final.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  prepare(input: PrepareInput): Promise<PrepareOutput>;
  authorise(input: AuthoriseInput): Promise<AuthoriseOutcome>;
  /** After the customer's 3-D Secure challenge: is the payment now authorised? */
  handleSca(input: ScaInput): Promise<ScaOutcome>;
  /**
   * Takes the authorised amount. Idempotent per transaction (the provider's idempotency key is derived from the
   * transaction): repeating it, at any time, never takes the money twice, and a transaction already captured answers
   * `captured`.
   */
  capture(input: MoneyInput): Promise<CaptureOutcome>;
  /** Gives back `amount` of a captured transaction. Idempotent per refundId; never more than was captured in total. */
  refund(input: RefundInput): Promise<RefundOutcome>;
  /**
   * Lets go of an authorisation that will never be captured (a second tab's payment). Absent when the provider holds
   * nothing at authorisation; a failure only means the hold lapses on its own. It does not undo a capture. Answers
   * what the provider's record says once it is done (`released`, or `captured` when a capture raced it), when the
   * provider's answer tells more than its lookup can (Opayo's retrieve does not show a deferred transaction's release:
   * only the refused abort does; decision 201); nothing when lookup should be asked. Throws ProviderUnavailable when
   * the hold is still there or the outcome is unknown.
   */
  release?(input: MoneyInput): Promise<PaymentLookup | undefined>;
  /**
   * Lets go of whatever an authorise whose answer was lost may have left held (decision 204): the transaction was
   * failed with 'Failed to authorize payment', but the provider may have authorised it. Absent when the provider
   * cannot find such a payment without its answer (Opayo Pi looks transactions up by its own id only). Throws
   * ProviderUnavailable while the provider has not decided, so it is asked again later.
   */
  abandon?(input: { transactionUuid: string; sessionKey: string; amount: number; currency: string }): Promise<void>;
  /** The provider's own record of the transaction (reconciliation after a crash or a lost answer). */
  lookup(input: MoneyInput): Promise<PaymentLookup>;
  /**
   * Keeps the card of an authorised transaction for later (save_card); absent when the provider cannot. `customer` is
   * the provider's customer the card was kept on, for providers that keep cards on one.
   */
  saveCard?(input: { transactionUuid: string; reference: string; customer: string | null }): Promise<SavedCardRef | null>;
  /**
   * Makes the provider's customer that a customer's saved cards are kept on (a Stripe Customer); absent when the
   * provider keeps cards without one. Called once per customer and client; the answer is kept (payment_customers).
   * Repeating it for the same customer makes no second one where the provider has an idempotency key.
   */
  createCustomer?(input: { clientId: number; userId: number; email: string }): Promise<string>;
  /**
   * The provider's session names the customer from the start (Ryft's `customerDetails.id`): a card is kept, and a kept
   * one used, only through a session made for the customer, so prepare makes the customer (decision 221).
   */
  readonly customerAtPrepare?: boolean;
  /**
   * Lets go of a saved card at the provider (Stripe detaches the PaymentMethod from the customer). A card the
   * provider no longer has counts as removed. Throws ProviderUnavailable when the outcome is unknown.
   */
  removeCard?(input: { reference: string; customer: string | null }): Promise<void>;
}

export interface SavedCardRef {
  reference: string;
  last4: string;
  brand: string;
  expiry: string;
}
