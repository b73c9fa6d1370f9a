import { paymentMessages } from '@app/contracts';

/**
 * The payment state machine of doc 1, section 4 ("Payment {product} states"), as a pure reducer: the checkout page
 * dispatches events and renders from the state; requests happen outside. An event that is not legal in the current
 * state returns the state unchanged (the same object), so a late answer or a double press cannot move it sideways.
 */
export const paymentStatuses = [
  'idle',
  'preparing',
  'prepare_failed',
  'ready',
  'authorizing',
  'authorized',
  'sca_required',
  'sca_processing',
  'completing',
  'completed',
  'failed',
] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** What preparation returns that the rest of the payment needs. A client secret means the provider prepared itself. */
export interface PreparedSession {
  clientSecret?: string | null;
}

/** What a provider needs to run its 3-D Secure challenge: where to send the customer, how, with what, and where back. */
export interface ScaData {
  url: string;
  method: string | null;
  data: Record<string, string> | null;
  returnUrl: string | null;
}

export interface PaymentState<S extends PreparedSession = PreparedSession> {
  status: PaymentStatus;
  session: S | null;
  transactionId: string | null;
  sca: ScaData | null;
  completeOrderId: number | null;
  error: string | null;
  /** The error before the latest preparation cleared it. */
  previousError: string | null;
}

export type PaymentEvent<S extends PreparedSession = PreparedSession> =
  | { type: 'prepare' }
  | { type: 'prepared'; session: S }
  | { type: 'prepare_failed'; error: string }
  | { type: 'authorise' }
  | { type: 'authorised'; transactionId: string }
  | { type: 'sca_required'; transactionId: string; sca: ScaData }
  | { type: 'sca_started' }
  | { type: 'sca_result'; status: string }
  | { type: 'clear_sca' }
  | { type: 'complete' }
  | { type: 'completed'; completeOrderId: number }
  | { type: 'failed'; error: string }
  | { type: 'reset' };

export const initialPaymentState: PaymentState<never> = {
  status: 'idle',
  session: null,
  transactionId: null,
  sca: null,
  completeOrderId: null,
  error: null,
  previousError: null,
};

/** Preparation is skipped while preparing or ready, or when the provider already gave a client secret. */
export const shouldPrepare = (state: PaymentState<PreparedSession>): boolean =>
  state.status !== 'preparing' && state.status !== 'ready' && !state.session?.clientSecret && !isPaymentRunning(state);

/** From the first authorise press until the payment ends, the Pay button is disabled. */
export const isPaymentRunning = (state: PaymentState<PreparedSession>): boolean =>
  state.status === 'authorizing' ||
  state.status === 'authorized' ||
  state.status === 'sca_required' ||
  state.status === 'sca_processing' ||
  state.status === 'completing' ||
  state.status === 'completed';

/** States a payment failure can interrupt: anything between authorising and completion. */
const failable: ReadonlySet<PaymentStatus> = new Set(['authorizing', 'authorized', 'sca_required', 'sca_processing', 'completing']);

export function paymentReducer<S extends PreparedSession>(state: PaymentState<S>, event: PaymentEvent<S>): PaymentState<S> {
  const { status } = state;
  switch (event.type) {
    case 'prepare':
      if (!shouldPrepare(state)) return state;
      return { ...state, status: 'preparing', error: null, previousError: state.error ?? state.previousError };
    case 'prepared':
      return status === 'preparing' ? { ...state, status: 'ready', session: event.session } : state;
    case 'prepare_failed':
      // A failure that says nothing is doc 1's 'Preparation failed'.
      return status === 'preparing'
        ? { ...state, status: 'prepare_failed', error: event.error || paymentMessages.preparationFailed }
        : state;
    case 'authorise':
      // A failed attempt may be retried on the same session when preparation is skipped (a client secret exists).
      return status === 'ready' || (status === 'failed' && state.session !== null && !shouldPrepare(state))
        ? { ...state, status: 'authorizing', error: null, transactionId: null, sca: null }
        : state;
    case 'authorised':
      return status === 'authorizing' ? { ...state, status: 'authorized', transactionId: event.transactionId } : state;
    case 'sca_required':
      return status === 'authorizing' ? { ...state, status: 'sca_required', transactionId: event.transactionId, sca: event.sca } : state;
    case 'sca_started':
      return status === 'sca_required' ? { ...state, status: 'sca_processing' } : state;
    case 'sca_result':
      if (status !== 'sca_processing') return state;
      // Only 'authorised' moves on to completion; anything else is a failed challenge.
      return event.status === 'authorised'
        ? { ...state, status: 'authorized', sca: null }
        : { ...state, status: 'failed', sca: null, error: paymentMessages.threeDSecureFailed };
    case 'clear_sca':
      return status === 'sca_required' || status === 'sca_processing'
        ? { ...state, status: 'ready', sca: null, transactionId: null }
        : state;
    case 'complete':
      return status === 'authorized' && state.transactionId ? { ...state, status: 'completing' } : state;
    case 'completed':
      return status === 'completing' ? { ...state, status: 'completed', completeOrderId: event.completeOrderId } : state;
    case 'failed':
      return failable.has(status) ? { ...state, status: 'failed', error: event.error } : state;
    case 'reset':
      return initialPaymentState;
  }
}
