import { paymentMessages, toastMessages } from '@app/contracts';
import {
  initialPaymentState,
  isPaymentRunning,
  type PaymentEvent,
  type PaymentState,
  paymentReducer,
  SESSION_MARGIN_MS,
  shouldPrepare,
} from '@app/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { type FieldErrors, isApiError, serverMessageOr } from '../../lib/api';
import { completedWaivers } from '../../lib/completed-waivers';
import { notifyError, notifyInfo, notifySuccess } from '../../lib/notify';
import { termsAgreement } from '../../lib/terms-agreement';
import { basketKeys, type CartView, isMembershipLine } from '../basket';
import { authorisePayment, browserData } from './api/authorise-payment';
import { completeOrder } from './api/complete-order';
import { completeSca } from './api/complete-sca';
import { type PaymentSessionInfo, preparePayment } from './api/prepare-payment';
import { CardError, tokeniseCard } from './api/tokenise-card';
import type { CardMode, CheckoutValues } from './checkout-schema';
import { hostedCardStep } from './hosted-card/card-steps';
import { challenge, type PendingSca, pendingSca, returnIsFor, scaReturnParams } from './sca-return';

type State = PaymentState<PaymentSessionInfo>;
type Event = PaymentEvent<PaymentSessionInfo>;
type Payments = PendingSca['payments'];

/**
 * The sandbox's card form is ours and posts to the sandbox's side; every other provider hosts its own card fields
 * (hosted-card/card-steps.ts, decision 112).
 */
const ownCardForm = new Set(['sandbox']);

/** Where completion goes: the online-joining confirmation for a basket of memberships only, else the booking one. */
export const confirmPathFor = (cart: CartView): string =>
  cart.items.length > 0 && cart.items.every(isMembershipLine) ? '/order-confirmed' : '/booking-confirmed';

/** The tender lines of the payment: the credit already applied to the basket, and the card for the rest. */
export const paymentsFor = (cart: CartView): Payments => [
  ...cart.credits.filter((c) => c.amount > 0).map((c) => ({ tenderType: c.tenderType, amount: c.amount })),
  ...(cart.balance.value > 0 ? [{ tenderType: 'card', amount: cart.balance.value }] : []),
];

/** The checkout is coming back from a 3-D Secure challenge: the saved payment, if the address names its transaction. */
function returningFrom(search: string): { pending: PendingSca; scaResult: string } | null {
  const pending = pendingSca.read();
  if (!pending) return null;
  const params = new URLSearchParams(search);
  if (!returnIsFor(pending, params)) {
    pendingSca.clear();
    return null;
  }
  return { pending, scaResult: scaReturnParams(params).scaResult };
}

/**
 * The payment, driven by the state machine of doc 1, section 4 (`paymentReducer`): prepare (when the page opens, so
 * a saved card can be offered, or on Pay), send the card to the provider for a single-use identifier, authorise, the
 * 3-D Secure challenge by redirect when asked (decision 040), complete, then the confirmation page. One payment at a
 * time: a second press while one runs does nothing. Each failure is the spec's message for its step, preferring the
 * server's.
 */
export function usePay(cart: CartView | undefined) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [returning] = useState(() => returningFrom(location.search));
  const stateRef = useRef<State>(returning ? returning.pending.state : initialPaymentState);
  const [state, setState] = useState<State>(stateRef.current);
  const [cardErrors, setCardErrors] = useState<FieldErrors>({});
  const inFlight = useRef(false);
  // Completion is a basket `remove` (its held places become bookings), so the refetch rules reload the timetables.
  // Its failures are told here, in the words of the step that failed, not by the app-wide notice.
  const { mutateAsync: completeBasket } = useMutation({
    mutationKey: basketKeys.paid(),
    mutationFn: completeOrder,
    meta: { toastErrors: false },
  });
  const preparing = useRef<Promise<void> | null>(null);

  /** The state as it is now (a function, so the compiler does not narrow it across awaits). */
  const statusNow = (): State['status'] => stateRef.current.status;

  const send = useCallback((event: Event) => {
    stateRef.current = paymentReducer(stateRef.current, event);
    setState(stateRef.current);
  }, []);

  const prepare = useCallback((): Promise<void> => {
    if (preparing.current) return preparing.current;
    // A session past its time (Opayo's merchant session key lasts 400 seconds) is prepared again (decision 201).
    const now = Date.now();
    if (!shouldPrepare(stateRef.current, now)) return Promise.resolve();
    send({ type: 'prepare', now });
    preparing.current = preparePayment()
      .then((session) => send({ type: 'prepared', session }))
      .catch((e: unknown) => send({ type: 'prepare_failed', error: serverMessageOr(e, paymentMessages.prepareFailed) }))
      .finally(() => {
        preparing.current = null;
      });
    return preparing.current;
  }, [send]);

  const fail = useCallback(
    (error: string) => {
      send({ type: 'failed', error });
      void queryClient.invalidateQueries({ queryKey: basketKeys.all });
    },
    [send, queryClient],
  );

  const complete = useCallback(
    async (details: { terms: boolean; itemHash: string; payments: Payments; confirmPath: string }) => {
      const transactionUuid = stateRef.current.transactionId;
      if (!transactionUuid) return fail(paymentMessages.noTransactionId);
      send({ type: 'complete' });
      let done: Awaited<ReturnType<typeof completeOrder>>;
      try {
        done = await completeBasket({ transactionUuid, terms: details.terms, itemHash: details.itemHash, payments: details.payments });
      } catch (e) {
        notifyError(isApiError(e) && e.status === 422 ? e : toastMessages.orderFailed);
        return fail(serverMessageOr(e, paymentMessages.completeFailed));
      }
      const orderId = done.data.completeOrderId ?? done.data.orderId;
      if (done.data.error || !orderId) return fail(done.data.error?.message || paymentMessages.completionFailed);
      send({ type: 'completed', completeOrderId: orderId });
      notifySuccess(toastMessages.orderCompleted);
      // The server's own word, when it has more to say (a late payment credited back, for instance).
      if (done.message && done.message !== toastMessages.orderCompleted) notifyInfo(done.message, 10_000);
      termsAgreement.reset();
      completedWaivers.reset();
      queryClient.removeQueries({ queryKey: basketKeys.all });
      navigate(`${details.confirmPath}/${orderId}`);
    },
    [fail, send, queryClient, navigate, completeBasket],
  );

  // Back from the provider's challenge: finish the payment it interrupted.
  const resumed = useRef(false);
  useEffect(() => {
    if (!returning || resumed.current) return;
    resumed.current = true;
    pendingSca.clear();
    inFlight.current = true;
    navigate(location.pathname, { replace: true });
    const { pending, scaResult } = returning;
    void (async () => {
      send({ type: 'sca_started' });
      const transactionId = stateRef.current.transactionId as string;
      try {
        const answer = await completeSca(transactionId, scaResult);
        send({ type: 'sca_result', status: answer.status });
      } catch (e) {
        fail(serverMessageOr(e, paymentMessages.threeDSecureCompleteFailed));
      }
      if (stateRef.current.status === 'authorized') await complete(pending);
      else void queryClient.invalidateQueries({ queryKey: basketKeys.all });
      inFlight.current = false;
    })();
  }, [returning, send, fail, complete, navigate, location.pathname, queryClient]);

  // The page prepares as it opens (a saved card is known before Pay); a basket that changed needs a new session.
  const balance = cart?.balance.value ?? 0;
  const payable = Boolean(cart && cart.items.length > 0 && !cart.items.some((i) => i.expired) && balance > 0);
  const itemHash = cart?.itemHash;
  useEffect(() => {
    if (returning || inFlight.current) return;
    const current = stateRef.current;
    if (current.status === 'ready' && current.session && current.session.itemHash !== itemHash) send({ type: 'reset' });
    if (payable && stateRef.current.status === 'idle') void prepare();
  }, [payable, itemHash, returning, prepare, send]);

  // A session that lapses while the customer is on the page (Opayo's 400-second key) is prepared again when it does, so
  // the provider's fields are mounted afresh before the customer types into fields that can no longer pay.
  const expiresAt = state.session?.expiresAt ?? null;
  useEffect(() => {
    if (expiresAt === null || returning) return;
    const timer = window.setTimeout(
      () => {
        if (!inFlight.current) void prepare();
      },
      Math.max(0, expiresAt - SESSION_MARGIN_MS - Date.now()),
    );
    return () => window.clearTimeout(timer);
  }, [expiresAt, returning, prepare]);

  async function pay(values: CheckoutValues, mode: CardMode): Promise<void> {
    if (!cart || inFlight.current || isPaymentRunning(stateRef.current)) return;
    inFlight.current = true;
    let leaving = false;
    setCardErrors({});
    try {
      await prepare();
      send({ type: 'authorise', now: Date.now() });
      const session = stateRef.current.session;
      if (stateRef.current.status !== 'authorizing' || !session) return;
      const terms = values.terms;
      const details = { terms, itemHash: cart.itemHash, payments: paymentsFor(cart), confirmPath: confirmPathFor(cart) };

      let cardIdentifier: string | undefined;
      let paymentMethodId: string | undefined;
      const hosted = hostedCardStep(session.paymentProvider);
      // Card details only ever go to a provider the app knows how to talk to (its own script, or the sandbox's form).
      if (mode === 'new' && !hosted && !ownCardForm.has(session.paymentProvider)) {
        return fail(paymentMessages.providerNotSupported(session.paymentProvider));
      }
      if (mode === 'new') {
        try {
          if (hosted) {
            ({ cardIdentifier, paymentMethodId } = await hosted.tokenise(session));
          } else {
            const card = await tokeniseCard(session.url, session.sessionKey, {
              card_holder_name: values.card_holder_name ?? '',
              card_number: values.card_number ?? '',
              expiry: values.expiry ?? '',
              security_code: values.security_code ?? '',
            });
            cardIdentifier = card.card_identifier;
          }
        } catch (e) {
          if (e instanceof CardError) setCardErrors(e.fieldErrors);
          return fail(e instanceof Error && e.message ? e.message : paymentMessages.authorizationFailed);
        }
      }

      let auth: Awaited<ReturnType<typeof authorisePayment>>;
      try {
        auth = await authorisePayment(
          {
            sessionKey: session.sessionKey,
            cardIdentifier,
            paymentMethodId,
            cardHolderName: mode === 'new' ? values.card_holder_name : undefined,
            savedCardId: mode === 'saved' ? session.savedCard?.id : undefined,
            saveCard: mode === 'new' && values.save_card,
            payments: details.payments,
            terms,
            itemHash: details.itemHash,
            billingFirstName: values.billing_first_name,
            billingLastName: values.billing_last_name,
            billingAddress1: values.billing_address_1,
            billingAddress2: values.billing_address_2,
            billingCity: values.billing_city,
            billingPostcode: values.billing_postcode,
            ...browserData(),
          },
          crypto.randomUUID(),
        );
      } catch (e) {
        if (isApiError(e) && e.status === 422) notifyError(e);
        return fail(serverMessageOr(e, paymentMessages.authorizeFailed));
      }

      if (auth.transactionStatus === 'failed') return fail(auth.error?.message || paymentMessages.declined);
      if (auth.transactionStatus === 'sca_required') {
        const sca = { url: auth.scaUrl ?? '', method: auth.scaMethod, data: auth.scaData, returnUrl: auth.returnUrl };
        send({ type: 'sca_required', transactionId: auth.transactionUuid, sca });
        // Stripe.js runs the challenge: in the page, or by leaving for the issuer and coming back to the return address
        // (then this page is gone, and the checkout resumes from what is kept here, as for every provider's redirect).
        // Either way the server then asks Stripe whether it passed.
        if (hosted?.handleNextAction && auth.clientSecret) {
          pendingSca.save({ state: stateRef.current, ...details });
          send({ type: 'sca_started' });
          try {
            await hosted.handleNextAction(session, auth.clientSecret);
            pendingSca.clear();
            const answer = await completeSca(auth.transactionUuid, '');
            send({ type: 'sca_result', status: answer.status });
          } catch (e) {
            pendingSca.clear();
            return fail(serverMessageOr(e, paymentMessages.threeDSecureCompleteFailed));
          }
          if (statusNow() !== 'authorized') return void queryClient.invalidateQueries({ queryKey: basketKeys.all });
          await complete(details);
          return;
        }
        if (!auth.scaUrl) return fail(paymentMessages.threeDSecureCompleteFailed);
        pendingSca.save({ state: stateRef.current, ...details });
        leaving = true;
        challenge.go(auth.scaUrl, auth.scaMethod, auth.scaData as Record<string, string> | null);
        return;
      }
      send({ type: 'authorised', transactionId: auth.transactionUuid });
      await complete(details);
    } finally {
      if (!leaving) inFlight.current = false;
    }
  }

  const status = state.status;
  const processing = isPaymentRunning(state) || (status === 'preparing' && inFlight.current);
  return { pay, state, status, processing, error: state.error, cardErrors, session: state.session };
}
