import { useSyncExternalStore } from 'react';

/**
 * Whether the customer has ticked 'I agree to the Terms and Conditions', shared by the basket and checkout and
 * reset on log out and after an order (doc 1, section 4). Kept in memory only: agreement is per visit.
 */
let agreed = false;
const listeners = new Set<() => void>();

export const termsAgreement = {
  get: () => agreed,
  set(value: boolean) {
    if (value === agreed) return;
    agreed = value;
    for (const l of listeners) l();
  },
  reset() {
    termsAgreement.set(false);
  },
};

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
};

/** Calls `listener` whenever the agreement changes (the timetables refetch on a terms change, doc 1, section 4). */
export const onTermsAgreementChange = subscribe;

export const useTermsAgreed = (): [boolean, (value: boolean) => void] => [
  useSyncExternalStore(subscribe, termsAgreement.get, termsAgreement.get),
  termsAgreement.set,
];
