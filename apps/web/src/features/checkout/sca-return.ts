import type { PaymentState } from '@app/domain';
import type { PaymentSessionInfo } from './api/prepare-payment';

/** What the checkout keeps while the customer is on the provider's 3-D Secure page (no card data; decision 040). */
export interface PendingSca {
  state: PaymentState<PaymentSessionInfo>;
  terms: boolean;
  itemHash: string;
  payments: { tenderType: string; amount: number }[];
  confirmPath: string;
}

const KEY = 'checkout.pending-sca';

const storage = (): Storage | null => {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
};

export const pendingSca = {
  save(pending: PendingSca): void {
    storage()?.setItem(KEY, JSON.stringify(pending));
  },
  /** The saved payment, if it is one waiting on a challenge; anything else found is thrown away. */
  read(): PendingSca | null {
    const raw = storage()?.getItem(KEY);
    if (!raw) return null;
    try {
      const pending = JSON.parse(raw) as PendingSca;
      if (pending?.state?.status === 'sca_required' && typeof pending.state.transactionId === 'string') return pending;
    } catch {
      // unreadable: dropped below
    }
    pendingSca.clear();
    return null;
  },
  clear(): void {
    storage()?.removeItem(KEY);
  },
};

/** The provider's answer on the return address: which transaction, and what the challenge said. */
export function scaReturnParams(search: URLSearchParams): { transactionId: string | null; scaResult: string } {
  return {
    transactionId: search.get('transaction_uuid') ?? search.get('transaction_id') ?? search.get('transactionId'),
    scaResult: search.get('sca_result') ?? search.get('cres') ?? '',
  };
}

/**
 * Whether the return address is this payment's: it names the transaction (our return address, Opayo's notification),
 * or, for a provider that sends the customer back to the address its session was made with (Ryft's full-page 3-D
 * Secure returns with `ps`, its payment session id), names the session this payment was made in.
 */
export function returnIsFor(pending: PendingSca, search: URLSearchParams): boolean {
  const { transactionId } = scaReturnParams(search);
  if (transactionId) return transactionId === pending.state.transactionId;
  const providerSession = search.get('ps');
  return Boolean(providerSession && providerSession === pending.state.session?.sessionKey);
}

/** Leaves for the provider's challenge page: a plain navigation, or a POST form carrying the provider's fields. */
function goToChallenge(url: string, method: string | null, data: Record<string, string> | null): void {
  if ((method ?? 'GET').toUpperCase() !== 'POST') {
    const target = new URL(url, window.location.href);
    for (const [k, v] of Object.entries(data ?? {})) target.searchParams.set(k, v);
    window.location.assign(target.toString());
    return;
  }
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = url;
  for (const [k, v] of Object.entries(data ?? {})) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = k;
    input.value = v;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
}

/** The way out to the challenge, as an object so a component test can watch it instead of leaving the page. */
export const challenge = { go: goToChallenge };
