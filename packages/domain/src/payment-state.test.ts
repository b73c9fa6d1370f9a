import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  initialPaymentState,
  isPaymentRunning,
  type PaymentEvent,
  type PaymentState,
  type PaymentStatus,
  paymentReducer,
  paymentStatuses,
  type ScaData,
  SESSION_MARGIN_MS,
  sessionLapsed,
  shouldPrepare,
} from './payment-state';

interface Session {
  sessionKey: string;
  clientSecret: string | null;
  expiresAt?: number | null;
}

type State = PaymentState<Session>;
type Event = PaymentEvent<Session>;

const session: Session = { sessionKey: 'ps_1', clientSecret: null };
const sca: ScaData = { url: '/sandbox-provider/3ds/tx1', method: 'GET', data: { creq: 'abc' }, returnUrl: '/basket/checkout' };

const run = (events: Event[], from: State = initialPaymentState): State => events.reduce(paymentReducer<Session>, from);

/** A state in `status`, reached the way the checkout reaches it. */
function stateIn(status: PaymentStatus): State {
  const paths: Record<PaymentStatus, Event[]> = {
    idle: [],
    preparing: [{ type: 'prepare' }],
    prepare_failed: [{ type: 'prepare' }, { type: 'prepare_failed', error: 'Failed to prepare payment' }],
    ready: [{ type: 'prepare' }, { type: 'prepared', session }],
    authorizing: [{ type: 'prepare' }, { type: 'prepared', session }, { type: 'authorise' }],
    authorized: [{ type: 'prepare' }, { type: 'prepared', session }, { type: 'authorise' }, { type: 'authorised', transactionId: 'tx1' }],
    sca_required: [
      { type: 'prepare' },
      { type: 'prepared', session },
      { type: 'authorise' },
      { type: 'sca_required', transactionId: 'tx1', sca },
    ],
    sca_processing: [
      { type: 'prepare' },
      { type: 'prepared', session },
      { type: 'authorise' },
      { type: 'sca_required', transactionId: 'tx1', sca },
      { type: 'sca_started' },
    ],
    completing: [
      { type: 'prepare' },
      { type: 'prepared', session },
      { type: 'authorise' },
      { type: 'authorised', transactionId: 'tx1' },
      { type: 'complete' },
    ],
    completed: [
      { type: 'prepare' },
      { type: 'prepared', session },
      { type: 'authorise' },
      { type: 'authorised', transactionId: 'tx1' },
      { type: 'complete' },
      { type: 'completed', completeOrderId: 42 },
    ],
    failed: [{ type: 'prepare' }, { type: 'prepared', session }, { type: 'authorise' }, { type: 'failed', error: 'Payment was declined' }],
  };
  const state = run(paths[status]);
  expect(state.status).toBe(status);
  return state;
}

const everyEvent: Event[] = [
  { type: 'prepare' },
  { type: 'prepared', session },
  { type: 'prepare_failed', error: 'Preparation failed' },
  { type: 'authorise' },
  { type: 'authorised', transactionId: 'tx9' },
  { type: 'sca_required', transactionId: 'tx9', sca },
  { type: 'sca_started' },
  { type: 'sca_result', status: 'authorised' },
  { type: 'clear_sca' },
  { type: 'complete' },
  { type: 'completed', completeOrderId: 7 },
  { type: 'failed', error: 'Authorization failed' },
  { type: 'reset' },
];

/** Every legal move: [from, event type, to]. Anything else leaves the state as it was. */
const legal: [PaymentStatus, Event['type'], PaymentStatus][] = [
  ['idle', 'prepare', 'preparing'],
  ['prepare_failed', 'prepare', 'preparing'],
  ['failed', 'prepare', 'preparing'],
  ['preparing', 'prepared', 'ready'],
  ['preparing', 'prepare_failed', 'prepare_failed'],
  ['ready', 'authorise', 'authorizing'],
  ['authorizing', 'authorised', 'authorized'],
  ['authorizing', 'sca_required', 'sca_required'],
  ['sca_required', 'sca_started', 'sca_processing'],
  ['sca_processing', 'sca_result', 'authorized'],
  ['sca_required', 'clear_sca', 'ready'],
  ['sca_processing', 'clear_sca', 'ready'],
  ['authorized', 'complete', 'completing'],
  ['completing', 'completed', 'completed'],
  ['authorizing', 'failed', 'failed'],
  ['authorized', 'failed', 'failed'],
  ['sca_required', 'failed', 'failed'],
  ['sca_processing', 'failed', 'failed'],
  ['completing', 'failed', 'failed'],
  ...paymentStatuses.map((s): [PaymentStatus, Event['type'], PaymentStatus] => [s, 'reset', 'idle']),
];

describe('the payment state machine', () => {
  it('runs a card payment from idle to completed', () => {
    const steps: [Event, PaymentStatus][] = [
      [{ type: 'prepare' }, 'preparing'],
      [{ type: 'prepared', session }, 'ready'],
      [{ type: 'authorise' }, 'authorizing'],
      [{ type: 'authorised', transactionId: 'tx1' }, 'authorized'],
      [{ type: 'complete' }, 'completing'],
      [{ type: 'completed', completeOrderId: 42 }, 'completed'],
    ];
    let state: State = initialPaymentState;
    for (const [event, status] of steps) {
      state = paymentReducer(state, event);
      expect(state.status).toBe(status);
    }
    expect(state).toMatchObject({ session, transactionId: 'tx1', completeOrderId: 42, error: null });
  });

  it('runs a 3-D Secure payment through sca_required and sca_processing to completion', () => {
    const state = run([
      { type: 'prepare' },
      { type: 'prepared', session },
      { type: 'authorise' },
      { type: 'sca_required', transactionId: 'tx1', sca },
    ]);
    expect(state).toMatchObject({ status: 'sca_required', transactionId: 'tx1', sca });
    const processing = paymentReducer(state, { type: 'sca_started' });
    expect(processing.status).toBe('sca_processing');
    const authorised = paymentReducer(processing, { type: 'sca_result', status: 'authorised' });
    expect(authorised).toMatchObject({ status: 'authorized', transactionId: 'tx1', sca: null });
    expect(run([{ type: 'complete' }, { type: 'completed', completeOrderId: 5 }], authorised)).toMatchObject({
      status: 'completed',
      completeOrderId: 5,
    });
  });

  it("fails a challenge whose status is anything but 'authorised' with '3D Secure verification failed'", () => {
    for (const status of ['failed', 'rejected', 'sca_required', '', 'AUTHORISED']) {
      const state = paymentReducer(stateIn('sca_processing'), { type: 'sca_result', status });
      expect(state).toMatchObject({ status: 'failed', error: '3D Secure verification failed', sca: null });
    }
  });

  it('stores the session when ready, the error when preparation fails, the transaction id when authorised', () => {
    expect(stateIn('ready').session).toEqual(session);
    expect(stateIn('prepare_failed').error).toBe('Failed to prepare payment');
    expect(stateIn('authorized').transactionId).toBe('tx1');
    expect(stateIn('failed').error).toBe('Payment was declined');
  });

  it("says doc 1's 'Preparation failed' when a preparation fails without a message", () => {
    const preparing = paymentReducer(initialPaymentState, { type: 'prepare' });
    expect(paymentReducer(preparing, { type: 'prepare_failed', error: '' }).error).toBe('Preparation failed');
  });

  it('clears the error when preparing again, keeping it as the previous one', () => {
    const again = paymentReducer(stateIn('failed'), { type: 'prepare' });
    expect(again).toMatchObject({ status: 'preparing', error: null, previousError: 'Payment was declined' });
    const afterPrepareFailure = paymentReducer(stateIn('prepare_failed'), { type: 'prepare' });
    expect(afterPrepareFailure).toMatchObject({ error: null, previousError: 'Failed to prepare payment' });
  });

  it('returns to ready when the authentication data is cleared', () => {
    for (const from of ['sca_required', 'sca_processing'] as const) {
      expect(paymentReducer(stateIn(from), { type: 'clear_sca' })).toMatchObject({
        status: 'ready',
        sca: null,
        transactionId: null,
        session,
      });
    }
  });

  it('resets to idle with empty data from every state', () => {
    for (const status of paymentStatuses) expect(paymentReducer(stateIn(status), { type: 'reset' })).toEqual(initialPaymentState);
  });

  it('skips preparation while preparing or ready, and when a client secret exists', () => {
    expect(shouldPrepare(stateIn('idle'))).toBe(true);
    expect(shouldPrepare(stateIn('failed'))).toBe(true);
    expect(shouldPrepare(stateIn('preparing'))).toBe(false);
    expect(shouldPrepare(stateIn('ready'))).toBe(false);
    const ready = stateIn('ready');
    expect(paymentReducer(ready, { type: 'prepare' })).toBe(ready);
    const withSecret = run([{ type: 'prepare' }, { type: 'prepared', session: { sessionKey: 'pi', clientSecret: 'cs_1' } }]);
    const failedWithSecret = run([{ type: 'authorise' }, { type: 'failed', error: 'Payment was declined' }], withSecret);
    expect(shouldPrepare(failedWithSecret)).toBe(false);
    expect(paymentReducer(failedWithSecret, { type: 'prepare' })).toBe(failedWithSecret);
    // The retry goes straight to authorising on the same session.
    expect(paymentReducer(failedWithSecret, { type: 'authorise' })).toMatchObject({ status: 'authorizing', error: null });
  });

  it("prepares again once a session has lapsed (Opayo's key after 400 seconds), whatever its client secret, never mid-payment", () => {
    const prepared = { sessionKey: 'msk_1', clientSecret: 'msk_1', expiresAt: 400_000 };
    const ready = run([{ type: 'prepare' }, { type: 'prepared', session: prepared }]);
    const failed = run([{ type: 'authorise' }, { type: 'failed', error: 'Payment was declined' }], ready);
    // Within its time (less the margin the card step needs), the same key serves a retry.
    expect(shouldPrepare(ready, 300_000)).toBe(false);
    expect(shouldPrepare(failed, 300_000)).toBe(false);
    expect(paymentReducer(failed, { type: 'authorise', now: 300_000 })).toMatchObject({ status: 'authorizing' });
    // Lapsed: prepared again (ready or failed), and never paid with.
    for (const state of [ready, failed]) {
      expect(shouldPrepare(state, 400_000 - SESSION_MARGIN_MS)).toBe(true);
      expect(paymentReducer(state, { type: 'prepare', now: 401_000 })).toMatchObject({ status: 'preparing' });
      expect(paymentReducer(state, { type: 'authorise', now: 401_000 })).toBe(state);
    }
    // A payment under way is never interrupted by preparing.
    const authorizing = paymentReducer(ready, { type: 'authorise', now: 1_000 });
    expect(shouldPrepare(authorizing, 10_000_000)).toBe(false);
    // A session without an end, or no clock given, never lapses.
    expect(shouldPrepare(run([{ type: 'prepare' }, { type: 'prepared', session }]), 10_000_000)).toBe(false);
    expect(shouldPrepare(ready)).toBe(false);
  });

  it('never pays with a lapsed session, and always prepares one again unless a payment runs (any time, any expiry)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 10_000_000 }), (expiresAt, now) => {
        const ready = run([{ type: 'prepare' }, { type: 'prepared', session: { sessionKey: 'k', clientSecret: 'k', expiresAt } }]);
        const lapsed = sessionLapsed(ready.session, now);
        expect(lapsed).toBe(now >= expiresAt - SESSION_MARGIN_MS);
        expect(paymentReducer(ready, { type: 'authorise', now }).status).toBe(lapsed ? 'ready' : 'authorizing');
        expect(shouldPrepare(ready, now)).toBe(lapsed);
      }),
    );
  });

  it('treats everything from authorising to completion as a running payment', () => {
    const running = paymentStatuses.filter((s) => isPaymentRunning(stateIn(s)));
    expect(running).toEqual(['authorizing', 'authorized', 'sca_required', 'sca_processing', 'completing', 'completed']);
  });

  it('makes exactly the legal moves, and leaves the state untouched (the same object) for every other event', () => {
    for (const from of paymentStatuses) {
      const state = stateIn(from);
      for (const event of everyEvent) {
        const next = paymentReducer(state, event);
        const move = legal.find(([f, e]) => f === from && e === event.type);
        if (move) expect(next.status, `${from} + ${event.type}`).toBe(move[2]);
        else expect(next, `${from} + ${event.type} is illegal`).toBe(state);
      }
    }
  });

  it('never completes without a transaction id, and never leaves completed except by reset', () => {
    const events = fc.constantFrom(...everyEvent);
    fc.assert(
      fc.property(fc.array(events, { maxLength: 30 }), (seq) => {
        let state: State = initialPaymentState;
        for (const event of seq) {
          const before = state;
          state = paymentReducer(state, event);
          if (state.status === 'completing' || state.status === 'completed') expect(state.transactionId).not.toBeNull();
          if (before.status === 'completed' && event.type !== 'reset') expect(state).toBe(before);
          expect(paymentStatuses).toContain(state.status);
        }
      }),
    );
  });
});
