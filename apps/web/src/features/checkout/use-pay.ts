import { paymentMessages, toastMessages } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { type FieldErrors, serverMessageOr } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { termsAgreement } from '../../lib/terms-agreement';
import { basketKeys } from '../basket';
import { authorisePayment, browserData } from './api/authorise-payment';
import { completeOrder } from './api/complete-order';
import { preparePayment } from './api/prepare-payment';
import { CardError, tokeniseCard } from './api/tokenise-card';
import type { CheckoutValues } from './checkout-schema';

export type PayStatus = 'idle' | 'preparing' | 'tokenising' | 'authorising' | 'completing' | 'completed' | 'failed';

class StepError extends Error {}

/**
 * The card payment, step by step: prepare a session, send the card to the provider for a single-use identifier,
 * authorise, complete, then the confirmation page. One payment at a time: a second press while one runs does
 * nothing, so a double click can never pay twice. Each failure says which step failed, in the spec's words,
 * preferring the server's message.
 */
export function usePay() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const inFlight = useRef(false);
  const [status, setStatus] = useState<PayStatus>('idle');
  const [error, setError] = useState<string | null>(null);
  const [cardErrors, setCardErrors] = useState<FieldErrors>({});

  async function step<T>(next: PayStatus, run: () => Promise<T>, failure: string): Promise<T> {
    setStatus(next);
    try {
      return await run();
    } catch (e) {
      if (e instanceof CardError) throw e;
      throw new StepError(serverMessageOr(e, failure));
    }
  }

  async function pay(values: CheckoutValues): Promise<void> {
    if (inFlight.current) return;
    inFlight.current = true;
    setError(null);
    setCardErrors({});
    try {
      const session = await step('preparing', preparePayment, paymentMessages.prepareFailed);
      const card = await step(
        'tokenising',
        () =>
          tokeniseCard(session.url, session.sessionKey, {
            card_holder_name: values.card_holder_name,
            card_number: values.card_number,
            expiry: values.expiry,
            security_code: values.security_code,
          }),
        paymentMessages.authorizationFailed,
      );
      const terms = values.terms;
      const auth = await step(
        'authorising',
        () =>
          authorisePayment(
            {
              sessionKey: session.sessionKey,
              cardIdentifier: card.card_identifier,
              cardHolderName: values.card_holder_name,
              terms,
              itemHash: session.itemHash,
              billingFirstName: values.billing_first_name,
              billingLastName: values.billing_last_name,
              billingAddress1: values.billing_address_1,
              billingAddress2: values.billing_address_2,
              billingCity: values.billing_city,
              billingPostcode: values.billing_postcode,
              ...browserData(),
            },
            crypto.randomUUID(),
          ),
        paymentMessages.authorizationFailed,
      );
      if (auth.transactionStatus === 'failed') throw new StepError(auth.error?.message || paymentMessages.declined);
      if (auth.transactionStatus !== 'authorised') throw new StepError(paymentMessages.threeDSecureFailed);
      const done = await step(
        'completing',
        () => completeOrder({ transactionUuid: auth.transactionUuid, terms, itemHash: session.itemHash }),
        paymentMessages.completionFailed,
      );
      setStatus('completed');
      notifySuccess(toastMessages.orderCompleted);
      termsAgreement.reset();
      queryClient.removeQueries({ queryKey: basketKeys.all });
      navigate(`/booking-confirmed/${done.completeOrderId}`);
    } catch (e) {
      inFlight.current = false;
      setStatus('failed');
      if (e instanceof CardError) {
        setCardErrors(e.fieldErrors);
        setError(e.message);
      } else {
        setError(e instanceof Error && e.message ? e.message : paymentMessages.authorizationFailed);
      }
      void queryClient.invalidateQueries({ queryKey: basketKeys.all });
    }
  }

  const processing = status !== 'idle' && status !== 'failed';
  return { pay, status, processing, error, cardErrors };
}
