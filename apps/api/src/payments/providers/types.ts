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
}

export interface AuthoriseInput {
  transactionUuid: string;
  sessionKey: string;
  cardIdentifier: string;
  amount: number;
  currency: string;
}

export type AuthoriseOutcome =
  | { status: 'authorised'; reference: string; last4: string | null; brand: string | null }
  | { status: 'declined'; code: string; message: string; last4: string | null; brand: string | null }
  | { status: 'sca_required'; reference: string; scaUrl: string; scaMethod: string; scaData: Record<string, string> };

/**
 * What the checkout needs of a card provider. Each provider (sandbox, stripe, opayo, ryft) implements it in one
 * file and normalises its answers to these outcomes, so the checkout never branches on the provider.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  prepare(input: PrepareInput): Promise<PrepareOutput>;
  authorise(input: AuthoriseInput): Promise<AuthoriseOutcome>;
}
