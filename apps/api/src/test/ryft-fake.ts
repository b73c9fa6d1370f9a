import { createHmac, randomBytes } from 'node:crypto';
import { escapeHtml, type FakeReply, type FakeRequest, fakeCardBehaviour, fakePage, startFakeServer } from './fake-http';
import { sdkScript } from './ryft-sdk-fake';

/**
 * A local stand-in for the parts of Ryft's API the adapter and the embedded SDK use, in the documented shapes
 * (decision 111): payment sessions (create with manual capture, retrieve, transactions), attempt-payment (the SDK,
 * with the public key and the session's clientSecret), a 3-D Secure required action (a challenge page standing for
 * the issuer), captures, voids and refunds (no Idempotency-Key: Ryft documents none; decision 202), sub-accounts (the
 * `Account` header; a session is found only under the account it was made for), and
 * signed webhooks (`Signature`: HMAC-SHA256 of the raw body, hex). `hangCaptures` takes the money and never answers.
 *
 * Saved cards (decision 221), as Ryft documents them: customers (created with an email), a payment session naming one
 * (`customerDetails.id`), a card stored on that customer when a payment with it is approved (the embedded SDK's
 * default; `paymentMethodOptions.store: false` stores nothing) and shown on the session as
 * `paymentMethod.tokenizedDetails`, attempt-payment with a stored `paymentMethod.id` (the session's customer's only),
 * the customer's payment methods listed, and one deleted. Unknown fields are refused on these calls.
 */
export interface RyftFake {
  url: string;
  apiUrl: string;
  secretKey: string;
  publicKey: string;
  webhookSecret: string;
  /** How many times money was actually taken per payment session. */
  captures: Map<string, number>;
  /** How much money was taken per payment session. */
  capturedAmounts: Map<string, number>;
  /** While on, a refund is given and never answered. */
  hangRefunds(on: boolean): void;
  /** While on, reading a payment session never answers. */
  hangReads(on: boolean): void;
  /** A session's status as the fake has it. */
  statusOf(sessionId: string): string | undefined;
  /** Puts a session into Ryft's Processing state (the issuer has not answered yet). */
  setStatus(sessionId: string, status: 'Processing' | 'PendingAction'): void;
  refunded: Map<string, number>;
  calls: { method: string; path: string; idempotencyKey: string | undefined }[];
  hangCaptures(on: boolean): void;
  failSessions(on: boolean): void;
  /** Pays a session as the SDK would in the browser: the card's test behaviour decides. */
  attempt(
    clientSecret: string,
    cardNumber: string,
    accountId?: string,
  ): Promise<{ status: string; requiredAction?: { url: string } | null }>;
  /** Plays the customer at the 3-D Secure challenge. */
  completeAction(sessionId: string, passed: boolean): void;
  /** The payment methods stored on a customer, as Ryft has them. */
  storedFor(customerId: string): string[];
  /** A webhook body and its signature, as Ryft would send them. */
  webhook(eventType: string, sessionId: string, extra?: Record<string, unknown>): { payload: string; signature: string };
  close(): Promise<void>;
}

interface Session {
  id: string;
  clientSecret: string;
  amount: number;
  currency: string;
  status: 'PendingPayment' | 'PendingAction' | 'Processing' | 'Approved' | 'Captured' | 'Voided' | 'Refunded' | 'PartiallyRefunded';
  returnUrl: string;
  metadata: Record<string, string>;
  lastError: string | null;
  refundedAmount: number;
  card: { scheme: string; last4: string } | null;
  transactions: { id: string; type: string; status: string; amount: number }[];
  /** The sub-account it was made for (the `Account` header): only calls naming it find it. */
  account: string | null;
  /** The Ryft customer it names (customerDetails.id), if any. */
  customerId: string | null;
  /** The card of the attempt: stored on the customer once approved unless told not to, or the stored one used. */
  pending: { number: string; expiryMonth: string; expiryYear: string; store: boolean } | null;
  tokenized: { id: string; stored: boolean } | null;
}

interface StoredMethod {
  id: string;
  type: 'Card';
  customerId: string;
  card: { scheme: string; last4: string; expiryMonth: string; expiryYear: string };
  createdTimestamp: number;
  /** The fake's own memory of the number, so a payment with it behaves as the card would. Never in an answer. */
  number: string;
}

/** The fields each call may carry, as Ryft's API reference lists them; anything else is refused. */
const knownFields: Record<string, string[]> = {
  'POST /payment-sessions': [
    'amount',
    'currency',
    'customerEmail',
    'customerDetails',
    'platformFee',
    'splits',
    'captureFlow',
    'paymentType',
    'entryMode',
    'previousPayment',
    'rebillingDetail',
    'verifyAccount',
    'shippingDetails',
    'orderDetails',
    'statementDescriptor',
    'metadata',
    'returnUrl',
    'attemptPayment',
    'paymentSettings',
  ],
  'POST /payment-sessions/attempt-payment': [
    'clientSecret',
    'paymentMethodType',
    'cardDetails',
    'walletDetails',
    'paymentMethod',
    'paymentMethodOptions',
    'billingAddress',
    'customerDetails',
    'threeDsRequestDetails',
  ],
  'POST /customers': ['email', 'firstName', 'lastName', 'homePhoneNumber', 'mobilePhoneNumber', 'metadata'],
};
const unknownField = (call: string, body: Record<string, unknown> | null): string | undefined =>
  Object.keys(body ?? {}).find((k) => !(knownFields[call] ?? []).includes(k));

export async function startRyftFake(options: { port?: number } = {}): Promise<RyftFake> {
  const secretKey = 'sk_sandbox_fake';
  const publicKey = 'pk_sandbox_fake';
  const webhookSecret = 'ryft_webhook_fake';
  const sessions = new Map<string, Session>();
  const customers = new Map<string, { id: string; email: string; metadata: Record<string, string> }>();
  const stored = new Map<string, StoredMethod>();
  const captures = new Map<string, number>();
  const capturedAmounts = new Map<string, number>();
  const refunded = new Map<string, number>();
  const calls: RyftFake['calls'] = [];
  let hang = false;
  let hangRefunds = false;
  let hangReads = false;
  let failSessions = false;
  let base = '';
  let n = 0;

  const error = (status: number, code: string, message: string): FakeReply => ({
    status,
    body: { requestId: `req_${n}`, code, errors: [{ code, message }] },
  });
  const view = (s: Session) => ({
    id: s.id,
    amount: s.amount,
    currency: s.currency,
    status: s.status,
    captureFlow: 'Manual',
    clientSecret: s.clientSecret,
    returnUrl: s.returnUrl,
    metadata: s.metadata,
    lastError: s.lastError,
    refundedAmount: s.refundedAmount,
    requiredAction: s.status === 'PendingAction' ? { type: 'Redirect', url: `${base}/three-ds/${s.id}` } : null,
    paymentMethod: s.card ? { type: 'Card', card: s.card, ...(s.tokenized ? { tokenizedDetails: s.tokenized } : {}) } : null,
    ...(s.customerId ? { customerDetails: { id: s.customerId } } : {}),
    createdTimestamp: 1_700_000_000,
  });
  const bySecret = (secret: string) => [...sessions.values()].find((s) => s.clientSecret === secret);

  /** An approved payment keeps its new card on the session's customer, as the embedded SDK does by default. */
  const storeIfApproved = (s: Session): void => {
    const card = s.pending;
    if (s.status !== 'Approved' || !card || !s.customerId || s.tokenized) return;
    if (!card.store) return;
    const id = `pmt_${(++n).toString().padStart(6, '0')}`;
    stored.set(id, {
      id,
      type: 'Card',
      customerId: s.customerId,
      card: { scheme: s.card?.scheme ?? 'Visa', last4: card.number.slice(-4), expiryMonth: card.expiryMonth, expiryYear: card.expiryYear },
      createdTimestamp: 1_700_000_000,
      number: card.number,
    });
    s.tokenized = { id, stored: true };
  };
  const attempt = (s: Session, number: string): void => {
    const behaviour = fakeCardBehaviour(number);
    s.card = { scheme: number.startsWith('5') ? 'Mastercard' : 'Visa', last4: number.slice(-4) };
    s.lastError = null;
    if (behaviour === 'approve') s.status = 'Approved';
    else if (behaviour === 'challenge') s.status = 'PendingAction';
    else {
      s.status = 'PendingPayment';
      s.lastError = behaviour === 'insufficient_funds' ? 'insufficient_funds' : 'do_not_honour';
    }
    s.transactions.push({
      id: `txn_${++n}`,
      type: 'Authorisation',
      status: s.status === 'PendingPayment' ? 'Failed' : 'Approved',
      amount: s.amount,
    });
  };
  const completeAction = (s: Session, passed: boolean): void => {
    if (s.status !== 'PendingAction') return;
    s.status = passed ? 'Approved' : 'PendingPayment';
    s.lastError = passed ? null : 'three_d_secure_failed';
    storeIfApproved(s);
  };

  const handle = (req: FakeRequest): FakeReply => {
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    calls.push({ method: req.method, path: req.path, idempotencyKey });
    const auth = String(req.headers.authorization ?? '');
    // biome-ignore lint/suspicious/noExplicitAny: a fake reads arbitrary JSON
    const b = req.body as Record<string, any>;
    const p = req.path.replace(/^\/v1/, '');
    if (p === '/sdk/ryft.js') return { status: 200, script: sdkScript(base) };
    // The issuer's challenge page for a required action.
    const challenge = p.match(/^\/three-ds\/([^/]+)$/);
    if (challenge) {
      const s = sessions.get(challenge[1] as string);
      if (!s) return { status: 404, html: fakePage('Not found', '<p>No such payment.</p>') };
      if (req.method === 'POST') {
        completeAction(s, b.result === 'passed');
        if (req.query.get('via') === 'sdk') return { status: 200, body: view(s) };
        return { redirect: `${s.returnUrl}${s.returnUrl.includes('?') ? '&' : '?'}ps=${s.id}` };
      }
      return {
        status: 200,
        html: fakePage(
          'Ryft test issuer: 3-D Secure',
          `<form method="post"><button type="submit" name="result" value="passed">Complete authentication</button>
<button type="submit" name="result" value="failed">Fail authentication</button></form><p>${escapeHtml(s.id)}</p>`,
        ),
      };
    }
    if (req.method === 'POST' && p === '/payment-sessions/attempt-payment') {
      if (auth !== publicKey) return error(401, 'Unauthorized', 'Invalid public key');
      const found = bySecret(String(b.clientSecret ?? ''));
      // A sub-account's session is paid only by an SDK initialised with its accountId (sent as `Account`).
      const s = found && found.account === ((req.headers.account as string | undefined) ?? null) ? found : undefined;
      if (!s) return error(404, 'NotFound', 'Payment session not found');
      if (s.status !== 'PendingPayment') return error(400, 'InvalidState', 'The payment session cannot be paid');
      const unknown = unknownField('POST /payment-sessions/attempt-payment', b);
      if (unknown) return error(400, 'InvalidRequest', `Unknown field: ${unknown}`);
      if (b.paymentMethod !== undefined) {
        // A stored card: only the session's own customer's, and never with card details besides.
        const method = stored.get(String(b.paymentMethod?.id ?? ''));
        if (b.cardDetails !== undefined || !method || !s.customerId || method.customerId !== s.customerId)
          return error(400, 'InvalidPaymentMethod', 'The payment method cannot be used for this payment session');
        s.pending = null;
        s.tokenized = { id: method.id, stored: true };
        attempt(s, method.number);
        return { status: 200, body: view(s) };
      }
      const number = String(b.cardDetails?.number ?? '').replace(/\s+/g, '');
      if (!/^\d{12,19}$/.test(number)) return error(400, 'InvalidCard', 'Card number is invalid');
      s.tokenized = null;
      s.pending = {
        number,
        expiryMonth: String(b.cardDetails?.expiryMonth ?? '12'),
        expiryYear: String(b.cardDetails?.expiryYear ?? '2030'),
        store: b.paymentMethodOptions?.store !== false,
      };
      attempt(s, number);
      storeIfApproved(s);
      return { status: 200, body: view(s) };
    }
    if (auth !== secretKey) return error(401, 'Unauthorized', 'Invalid API key');
    // Ryft documents no Idempotency-Key: a repeated call is a new call (decision 202).
    const answer = (reply: FakeReply): FakeReply => reply;
    const account = (req.headers.account as string | undefined) ?? null;
    if (req.method === 'POST' && p === '/customers') {
      const unknown = unknownField('POST /customers', b);
      if (unknown) return error(400, 'InvalidRequest', `Unknown field: ${unknown}`);
      if (typeof b?.email !== 'string' || !b.email.includes('@')) return error(400, 'InvalidRequest', 'email is required');
      const customer = { id: `cus_${(++n).toString().padStart(6, '0')}`, email: b.email, metadata: b.metadata ?? {} };
      customers.set(customer.id, customer);
      return { status: 200, body: { ...customer, createdTimestamp: 1_700_000_000 } };
    }
    const customerMethods = p.match(/^\/customers\/([^/]+)\/payment-methods$/);
    if (req.method === 'GET' && customerMethods) {
      const id = customerMethods[1] as string;
      if (!customers.has(id)) return error(404, 'NotFound', 'Customer not found');
      const items = [...stored.values()].filter((m) => m.customerId === id).map(({ number: _n, ...m }) => m);
      return { status: 200, body: { items } };
    }
    const method = p.match(/^\/payment-methods\/([^/]+)$/);
    if (req.method === 'DELETE' && method) {
      if (!stored.delete(method[1] as string)) return error(404, 'NotFound', 'Payment method not found');
      return { status: 200, body: { id: method[1] } };
    }
    if (req.method === 'POST' && p === '/payment-sessions') {
      if (failSessions) return { status: 500, body: { code: 'InternalError' } };
      const unknown = unknownField('POST /payment-sessions', b);
      if (unknown) return error(400, 'InvalidRequest', `Unknown field: ${unknown}`);
      const customerId = b.customerDetails?.id ?? null;
      if (customerId !== null && !customers.has(String(customerId))) return error(400, 'InvalidRequest', 'Customer not found');
      const id = `ps_${(++n).toString().padStart(6, '0')}${randomBytes(4).toString('hex')}`;
      const s: Session = {
        id,
        clientSecret: `${id}_secret_${randomBytes(8).toString('hex')}`,
        amount: Number(b.amount),
        currency: String(b.currency ?? 'GBP'),
        status: 'PendingPayment',
        returnUrl: String(b.returnUrl ?? ''),
        metadata: (b.metadata as Record<string, string>) ?? {},
        lastError: null,
        refundedAmount: 0,
        card: null,
        transactions: [],
        account,
        customerId,
        pending: null,
        tokenized: null,
      };
      sessions.set(id, s);
      return { status: 200, body: view(s) };
    }
    const one = p.match(/^\/payment-sessions\/([^/]+)(\/captures|\/voids|\/refunds|\/transactions)?$/);
    const found = one ? sessions.get(one[1] as string) : undefined;
    const s = found && found.account === account ? found : undefined;
    if (one && !s) return error(404, 'NotFound', 'Payment session not found');
    if (!s || !one) return error(404, 'NotFound', `No such resource (${req.method} ${req.path})`);
    if (req.method === 'GET' && !one[2]) return hangReads ? 'hang' : { status: 200, body: view(s) };
    if (req.method === 'GET' && one[2] === '/transactions') return { status: 200, body: { items: s.transactions } };
    if (req.method === 'POST' && one[2] === '/captures') {
      if (s.status !== 'Approved') return answer(error(400, 'InvalidState', 'Only an approved payment can be captured'));
      const amount = Number(b.amount ?? s.amount);
      if (!(amount > 0) || amount > s.amount) return answer(error(400, 'InvalidAmount', 'Capture amount is invalid'));
      s.status = 'Captured';
      const t = { id: `txn_${++n}`, type: 'Capture', status: 'Approved', amount };
      s.transactions.push(t);
      captures.set(s.id, (captures.get(s.id) ?? 0) + 1);
      capturedAmounts.set(s.id, (capturedAmounts.get(s.id) ?? 0) + amount);
      if (hang) return 'hang';
      return answer({ status: 200, body: t });
    }
    if (req.method === 'POST' && one[2] === '/voids') {
      if (s.status !== 'Approved') return answer(error(400, 'InvalidState', 'Only an approved, uncaptured payment can be voided'));
      s.status = 'Voided';
      const t = { id: `txn_${++n}`, type: 'Void', status: 'Approved', amount: s.amount };
      s.transactions.push(t);
      return answer({ status: 200, body: t });
    }
    if (req.method === 'POST' && one[2] === '/refunds') {
      const captured = s.transactions.filter((t) => t.type === 'Capture' && t.status === 'Approved').reduce((sum, t) => sum + t.amount, 0);
      const amount = Number(b.amount ?? captured - s.refundedAmount);
      if (!['Captured', 'PartiallyRefunded'].includes(s.status) || !(amount > 0) || s.refundedAmount + amount > captured) {
        return answer(error(400, 'InvalidAmount', 'Refund amount exceeds the amount left to refund'));
      }
      s.refundedAmount += amount;
      s.status = s.refundedAmount === captured ? 'Refunded' : 'PartiallyRefunded';
      refunded.set(s.id, s.refundedAmount);
      const t = { id: `txn_${++n}`, type: 'Refund', status: 'Approved', amount };
      s.transactions.push(t);
      if (hangRefunds) return 'hang';
      return answer({ status: 200, body: t });
    }
    return error(404, 'NotFound', `No such resource (${req.method} ${req.path})`);
  };

  const server = await startFakeServer(handle, options.port);
  base = server.url;
  return {
    url: server.url,
    apiUrl: `${server.url}/v1`,
    secretKey,
    publicKey,
    webhookSecret,
    captures,
    capturedAmounts,
    refunded,
    calls,
    hangCaptures: (on) => {
      hang = on;
    },
    hangRefunds: (on) => {
      hangRefunds = on;
    },
    hangReads: (on) => {
      hangReads = on;
    },
    statusOf: (sessionId) => sessions.get(sessionId)?.status,
    setStatus(sessionId, status) {
      const s = sessions.get(sessionId);
      if (s) s.status = status;
    },
    failSessions: (on) => {
      failSessions = on;
    },
    async attempt(clientSecret, cardNumber, accountId) {
      const res = await fetch(`${server.url}/v1/payment-sessions/attempt-payment`, {
        method: 'POST',
        headers: { authorization: publicKey, 'content-type': 'application/json', ...(accountId ? { account: accountId } : {}) },
        body: JSON.stringify({ clientSecret, cardDetails: { number: cardNumber, expiryMonth: '12', expiryYear: '2030', cvc: '123' } }),
      });
      return (await res.json()) as { status: string; requiredAction?: { url: string } | null };
    },
    storedFor: (customerId) => [...stored.values()].filter((m) => m.customerId === customerId).map((m) => m.id),
    completeAction(sessionId, passed) {
      const s = sessions.get(sessionId);
      if (s) completeAction(s, passed);
    },
    webhook(eventType, sessionId, extra = {}) {
      const s = sessions.get(sessionId);
      const payload = JSON.stringify({
        id: `ev_${++n}`,
        eventType,
        data: { ...(s ? view(s) : { id: sessionId }), ...extra },
        createdTimestamp: 1_700_000_000,
      });
      return { payload, signature: createHmac('sha256', webhookSecret).update(payload).digest('hex') };
    },
    close: server.close,
  };
}
