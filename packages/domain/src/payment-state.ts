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
  /**
   * When the session stops working, in this browser's milliseconds (Opayo's merchant session key lasts 400 seconds;
   * ours 30 minutes); null or absent: it does not lapse while the page is open.
   */
  expiresAt?: number | null;
}

/** A session this close to its end is spent already: the card step and authorise need the time (decision 201). */
export const SESSION_MARGIN_MS = 30_000;

/** Whether a prepared session has lapsed (or will, before a payment started now could use it). */
export const sessionLapsed = (session: PreparedSession | null, now: number): boolean =>
  typeof session?.expiresAt === 'number' && now >= session.expiresAt - SESSION_MARGIN_MS;

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
  | { type: 'prepare'; now?: number }
  | { type: 'prepared'; session: S }
  | { type: 'prepare_failed'; error: string }
  | { type: 'authorise'; now?: number }
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

/**
 * Preparation is skipped while preparing or ready, or when the provider already gave a client secret (a retry after a
 * decline uses the same session), unless that session has lapsed by `now` (a customer who took longer than Opayo's
 * 400 seconds): then it is prepared again, whatever it was, except while a payment runs. Without `now`, nothing lapses.
 */
export const shouldPrepare = (state: PaymentState<PreparedSession>, now?: number): boolean => {
  if (state.status === 'preparing' || isPaymentRunning(state)) return false;
  if (now !== undefined && sessionLapsed(state.session, now)) return true;
  return state.status !== 'ready' && !state.session?.clientSecret;
};

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
      if (!shouldPrepare(state, event.now)) return state;
      return { ...state, status: 'preparing', error: null, previousError: state.error ?? state.previousError };
    case 'prepared':
      return status === 'preparing' ? { ...state, status: 'ready', session: event.session } : state;
    case 'prepare_failed':
      // A failure that says nothing is doc 1's 'Preparation failed'.
      return status === 'preparing'
        ? { ...state, status: 'prepare_failed', error: event.error || paymentMessages.preparationFailed }
        : state;
    case 'authorise':
      // A failed attempt may be retried on the same session when preparation is skipped (a client secret exists); a
      // lapsed session is never paid with (it is prepared again first).
      if (event.now !== undefined && sessionLapsed(state.session, event.now)) return state;
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
