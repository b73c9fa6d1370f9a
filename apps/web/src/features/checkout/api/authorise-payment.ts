import type { AuthoriseBody, AuthoriseResult } from '@app/contracts';
import { api, type Camelize } from '../../../lib/api';
import { completedWaivers } from '../../../lib/completed-waivers';

export type AuthoriseInput = Camelize<Omit<AuthoriseBody, 'save_card' | 'completed_waivers' | 'payments' | 'terms'>> & {
  terms: boolean;
  saveCard?: boolean;
  payments: { tenderType: string; amount: number }[];
};

/** What the provider needs to judge 3-D Secure: the browser's own properties, sent with every authorise. */
export function browserData() {
  return {
    browserColorDepth: window.screen?.colorDepth ?? 24,
    browserJavaEnabled: false,
    browserJavascriptEnabled: true,
    browserLanguage: navigator.language || 'en-GB',
    browserScreenHeight: window.screen?.height ?? 0,
    browserScreenWidth: window.screen?.width ?? 0,
    browserTimezoneOffset: new Date().getTimezoneOffset(),
  };
}

/** POST /api/checkout/authorise, once per attempt: the Idempotency-Key makes a repeat return the first answer. */
export const authorisePayment = async (input: AuthoriseInput, idempotencyKey: string) =>
  (
    await api.post<AuthoriseResult>(
      '/api/checkout/authorise',
      { saveCard: false, ...input, completedWaivers: completedWaivers.read() },
      { headers: { 'Idempotency-Key': idempotencyKey }, keepKeysOf: ['sca_data'] },
    )
  ).data;
