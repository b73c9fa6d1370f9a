import { checkoutMessages, type sandboxCardBody, sandboxCardResult } from '@app/contracts';
import type { z } from 'zod';
import type { FieldErrors } from '../../../lib/api';

export type CardDetails = Omit<z.infer<typeof sandboxCardBody>, 'session_key'>;

/** The provider refused the card details: its message and the fields it named. */
export class CardError extends Error {
  readonly fieldErrors: FieldErrors;
  constructor(message: string, fieldErrors: FieldErrors = {}) {
    super(message);
    this.name = 'CardError';
    this.fieldErrors = fieldErrors;
  }
}

/**
 * Card details go from the browser straight to the payment provider (here the sandbox at `url`), never through
 * our API client or our server's checkout calls: what comes back is a single-use card identifier.
 */
export async function tokeniseCard(url: string, sessionKey: string, card: CardDetails): Promise<z.infer<typeof sandboxCardResult>> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    credentials: 'omit',
    body: JSON.stringify({ ...card, session_key: sessionKey }),
  });
  const json = (await res.json().catch(() => undefined)) as { message?: string; errors?: FieldErrors } | undefined;
  if (!res.ok) throw new CardError(json?.message ?? checkoutMessages.cardNumberInvalid, json?.errors ?? {});
  return sandboxCardResult.parse(json);
}
