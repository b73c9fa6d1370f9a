import { createServer, type IncomingMessage, type Server } from 'node:http';
import { stripeJsScript } from './stripe-js-fake';

/**
 * A local stand-in for the parts of Stripe's API the provider uses (PaymentIntents create, retrieve with the latest
 * charge expanded, capture, cancel; refunds), answering in Stripe's shapes so the official SDK can be pointed at it
 * (host, port, protocol). Test payment methods pick the outcome, as on Stripe: pm_card_visa is approved,
 * pm_card_chargeDeclined declined, pm_card_threeDSecure2Required needs a challenge (passChallenge / failChallenge
 * stand for the customer). Idempotency-Key is honoured like Stripe does: the same key replays the first answer.
 * A succeeded PaymentIntent cannot be cancelled, a refund cannot exceed what was captured.
 *
 * Saved cards (decision 220), as Stripe documents them: Customers; a test payment method (pm_card_visa…) becomes a
 * PaymentMethod of its own at each use; a PaymentIntent confirmed with `customer` and `setup_future_usage` attaches
 * its PaymentMethod to that Customer once authorised (at once, or after the challenge); a PaymentMethod attached to
 * a Customer is used only with that Customer's `customer`, and one used without being attached (or detached) is not
 * used again; the Customer's card PaymentMethods are listed, and one is detached. Unknown parameters are refused
 * (`parameter_unknown`) on the calls the provider makes, as Stripe refuses them.
 */
export interface StripeFake {
  url: string;
  /** Every request the SDK made: method, path, idempotency key. */
  calls: { method: string; path: string; idempotencyKey: string | undefined; form: Record<string, string> }[];
  /** How many times money was actually taken per PaymentIntent. */
  captures: Map<string, number>;
  /** How much money was taken per PaymentIntent. */
  capturedAmounts: Map<string, number>;
  /** Money given back per PaymentIntent. */
  refunded: Map<string, number>;
  /**
   * While on, a capture takes the money and then never answers (the connection stays open), as when the network or
   * our process fails after Stripe did the work.
   */
  hangCaptures(on: boolean): void;
  /** While on, a PaymentIntent is created (and confirmed) and the answer never comes, nor to the SDK's retry. */
  hangAuthorisations(on: boolean): void;
  /** The PaymentMethods attached to a Customer as Stripe has them. */
  attachedTo(customer: string): string[];
  /** A PaymentIntent's status as the fake has it. */
  statusOf(id: string): string | undefined;
  /**
   * While set, each answer is worked out when its request arrives (so it says what Stripe's record said then) and
   * sent once the returned promise settles, or after that many milliseconds: a slow network or a slow Stripe.
   */
  delayAnswers(delay: ((method: string, path: string) => number | Promise<void>) | null): void;
  /**
   * While on, a capture is refused with a card error (HTTP 402, `card_error`), an answer Stripe gives rarely and the
   * provider passes on as it is: the money was not taken.
   */
  refuseCaptures(on: boolean): void;
  passChallenge(id: string): void;
  failChallenge(id: string): void;
  close(): Promise<void>;
}

type Intent = Record<string, unknown> & { id: string; status: string; amount: number };

interface Method {
  id: string;
  object: 'payment_method';
  type: 'card';
  customer: string | null;
  card: { brand: string; last4: string; exp_month: number; exp_year: number };
  /** The test payment method it was made from: it decides every payment with it, as the card would. */
  test: string;
  /** Used once without being attached to a Customer, or detached: Stripe does not take it again. */
  spent: boolean;
}

/** The fake's test payment methods' cards. */
const testCards: Record<string, string> = {
  pm_card_visa: '4242',
  pm_card_chargeDeclined: '0002',
  pm_card_chargeDeclinedInsufficientFunds: '9995',
  pm_card_threeDSecure2Required: '3220',
  pm_card_threeDSecureRequired: '3063',
};

/** The parameters each call the provider makes may carry (metadata[...] aside); anything else Stripe refuses. */
const knownParams: Record<string, string[]> = {
  'POST /v1/payment_intents': [
    'amount',
    'currency',
    'payment_method',
    'capture_method',
    'confirm',
    'use_stripe_sdk',
    'return_url',
    'customer',
    'setup_future_usage',
  ],
  'POST /v1/customers': ['email', 'name', 'description'],
  'POST /v1/payment_methods/detach': [],
};

const invalid = (message: string, param?: string, code?: string) => ({
  status: 400,
  body: { error: { type: 'invalid_request_error', message, ...(param ? { param } : {}), ...(code ? { code } : {}) } },
});
/** A missing object: 404 when it is the address's own, 400 when a parameter names it (as Stripe answers). */
const missing = (what: string, param?: string) => ({
  status: param ? 400 : 404,
  body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}`, ...(param ? { param } : {}) } },
});

const browserUrlOf = (req: IncomingMessage): string => new URL(req.url ?? '/', 'http://fake').pathname;

const readForm = async (req: IncomingMessage): Promise<Record<string, string>> => {
  let body = '';
  for await (const chunk of req) body += chunk;
  return Object.fromEntries(new URLSearchParams(body));
};

export async function startStripeFake(listenOn = 0): Promise<StripeFake> {
  const intents = new Map<string, Intent>();
  const methods = new Map<string, Method>();
  const customers = new Map<string, Record<string, unknown>>();
  /**
   * An authorised PaymentIntent set up for future use attaches its PaymentMethod to its Customer (Stripe does this once
   * the PaymentIntent is confirmed); one not set up is spent.
   */
  const settle = (intent: Intent) => {
    const method = methods.get(String(intent.payment_method));
    if (!method || intent.status !== 'requires_capture') return;
    if (intent.setup_future_usage && intent.customer) method.customer = String(intent.customer);
    else if (!method.customer) method.spent = true;
  };
  /** Which parameter of a call Stripe would not know, if any. */
  const unknownParam = (call: string, form: Record<string, string>): string | undefined =>
    Object.keys(form).find((k) => !k.startsWith('metadata[') && !(knownParams[call] ?? []).includes(k));
  const replies = new Map<string, { status: number; body: unknown }>();
  const isAbsoluteUrl = (value: string): boolean => {
    try {
      return ['http:', 'https:'].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  };
  const calls: StripeFake['calls'] = [];
  const captures = new Map<string, number>();
  const capturedAmounts = new Map<string, number>();
  const refunded = new Map<string, number>();
  let hang = false;
  let hangCreates = false;
  let refuse = false;
  let delay: ((method: string, path: string) => number | Promise<void>) | null = null;
  let n = 0;
  /** A PaymentIntent as retrieve answers it, with its latest charge when asked to expand it. */
  const withCharge = (intent: Intent, expand: boolean): Intent =>
    expand && intent.status === 'succeeded'
      ? {
          ...intent,
          latest_charge: {
            id: `ch_${intent.id}`,
            object: 'charge',
            amount_captured: intent.amount,
            amount_refunded: refunded.get(intent.id) ?? 0,
            payment_method_details: null,
          },
        }
      : intent;

  const handle = async (
    req: IncomingMessage,
    body: Record<string, string>,
  ): Promise<{ status: number; body: unknown } | 'hang' | { script: string } | { html: string } | { redirect: string }> => {
    const browserUrl = new URL(req.url ?? '/', 'http://fake');
    if (req.method === 'GET' && browserUrl.pathname === '/v3/') return { script: stripeJsScript(`http://${req.headers.host}`) };
    // The issuer's page a redirect-style 3-D Secure step goes to (next_action redirect_to_url, or use_stripe_sdk's
    // three_d_secure_redirect): the customer answers, and the browser goes back to the PaymentIntent's return_url with
    // the query Stripe adds (payment_intent, payment_intent_client_secret, redirect_status).
    const page = browserUrl.pathname.match(/^\/3ds\/([^/]+)$/);
    if (page) {
      const intent = intents.get(page[1] as string);
      if (!intent) return { status: 404, body: { error: { type: 'invalid_request_error', message: 'No such page' } } };
      if (req.method === 'POST') {
        const form = body;
        if (intent.status === 'requires_action') {
          intent.status = form.result === 'passed' ? 'requires_capture' : 'requires_payment_method';
          intent.next_action = null;
          settle(intent);
        }
        const back = new URL(String(intent.return_url));
        back.searchParams.set('payment_intent', intent.id);
        back.searchParams.set('payment_intent_client_secret', String(intent.client_secret));
        back.searchParams.set('redirect_status', intent.status === 'requires_capture' ? 'succeeded' : 'failed');
        return { redirect: back.toString() };
      }
      return {
        html: `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>Stripe test issuer: 3-D Secure</title></head>
<body><main><h1>Stripe test issuer: 3-D Secure</h1><form method="post">
<button type="submit" name="result" value="passed">Complete authentication</button>
<button type="submit" name="result" value="failed">Fail authentication</button></form></main></body></html>`,
      };
    }
    // Stripe.js reads a PaymentIntent with the publishable key and its client secret (handleNextAction does).
    const readByBrowser = browserUrl.pathname.match(/^\/v1\/payment_intents\/([^/]+)$/);
    if (req.method === 'GET' && readByBrowser && String(req.headers.authorization ?? '').startsWith('Bearer pk_test_')) {
      const intent = intents.get(readByBrowser[1] as string);
      if (!intent || intent.client_secret !== browserUrl.searchParams.get('client_secret'))
        return {
          status: 404,
          body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' } },
        };
      return { status: 200, body: intent };
    }
    // What Stripe.js calls from the browser, with the publishable key: a PaymentMethod from the Payment Element's card,
    // and the customer's answer at the 3-D Secure step of handleNextAction.
    if (String(req.headers.authorization ?? '').startsWith('Bearer pk_test_') && req.method === 'POST') {
      const form = body;
      if (browserUrl.pathname === '/v1/payment_methods') {
        const number = String(form['card[number]'] ?? '').replace(/\s+/g, '');
        const id = browserPaymentMethods[number] ?? 'pm_card_visa';
        return { status: 200, body: { id, object: 'payment_method', type: 'card', card: { last4: number.slice(-4), brand: 'visa' } } };
      }
      const challenge = browserUrl.pathname.match(/^\/v1\/payment_intents\/([^/]+)\/fake_challenge$/);
      const intent = challenge ? intents.get(challenge[1] as string) : undefined;
      if (intent && intent.status === 'requires_action') {
        intent.status = form.result === 'passed' ? 'requires_capture' : 'requires_payment_method';
        intent.next_action = null;
        settle(intent);
        return { status: 200, body: intent };
      }
      return { status: 404, body: { error: { type: 'invalid_request_error', message: 'No such resource' } } };
    }
    if (!String(req.headers.authorization ?? '').startsWith('Bearer sk_test_')) {
      return { status: 401, body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } } };
    }
    const url = new URL(req.url ?? '/', 'http://fake');
    const form = body;
    const path = url.pathname;
    if (req.method === 'POST' && path === '/v1/payment_intents') {
      // As Stripe: a return_url must be an absolute URL (a path is refused), and confirming a card that needs
      // 3-D Secure without one or use_stripe_sdk has nowhere to send the customer back to.
      const unknown = unknownParam('POST /v1/payment_intents', form);
      if (unknown) return invalid(`Received unknown parameter: ${unknown}`, unknown, 'parameter_unknown');
      if (form.return_url !== undefined && !isAbsoluteUrl(form.return_url)) {
        return {
          status: 400,
          body: { error: { type: 'invalid_request_error', code: 'url_invalid', param: 'return_url', message: 'Not a valid URL' } },
        };
      }
      if (form.setup_future_usage !== undefined && !['on_session', 'off_session'].includes(form.setup_future_usage))
        return invalid('Invalid setup_future_usage', 'setup_future_usage');
      if (form.customer !== undefined && !customers.has(form.customer)) return missing(`customer: '${form.customer}'`, 'customer');
      // A test payment method is a new PaymentMethod at each use; any other must exist, be usable, and go with the
      // Customer it is attached to.
      let method: Method | undefined;
      const given = form.payment_method ?? '';
      if (testCards[given]) {
        method = {
          id: `pm_fake_${++n}`,
          object: 'payment_method',
          type: 'card',
          customer: null,
          card: { brand: 'visa', last4: testCards[given] as string, exp_month: 12, exp_year: 2034 },
          test: given,
          spent: false,
        };
        methods.set(method.id, method);
      } else {
        method = methods.get(given);
        if (!method) return missing(`PaymentMethod: '${given}'`, 'payment_method');
        if (method.customer && method.customer !== form.customer)
          return invalid('The PaymentMethod is attached to a Customer: name that Customer in `customer`.', 'payment_method');
        if (!method.customer && method.spent)
          return invalid(
            'This PaymentMethod was used without being attached to a Customer, or was detached, and cannot be used again.',
            'payment_method',
            'payment_method_unexpected_state',
          );
      }
      const token = method.test;
      const id = `pi_fake_${++n}`;
      const base: Intent = {
        id,
        object: 'payment_intent',
        amount: Number(form.amount),
        currency: form.currency,
        capture_method: form.capture_method,
        client_secret: `${id}_secret_x`,
        metadata: { transaction_uuid: form['metadata[transaction_uuid]'] },
        payment_method: method.id,
        customer: form.customer ?? null,
        setup_future_usage: form.setup_future_usage ?? null,
        amount_received: 0,
        latest_charge: null,
        last_payment_error: null,
        next_action: null,
        status: 'requires_capture',
      };
      if (token === 'pm_card_chargeDeclined' || token === 'pm_card_chargeDeclinedInsufficientFunds') {
        const declineCode = token === 'pm_card_chargeDeclined' ? 'generic_decline' : 'insufficient_funds';
        const failed = {
          ...base,
          status: 'requires_payment_method',
          last_payment_error: { code: 'card_declined', decline_code: declineCode },
        };
        intents.set(id, failed);
        return {
          status: 402,
          body: {
            error: {
              type: 'card_error',
              code: 'card_declined',
              decline_code: declineCode,
              message: 'Your card was declined.',
              payment_intent: failed,
            },
          },
        };
      }
      if (token === 'pm_card_threeDSecure2Required' || token === 'pm_card_threeDSecureRequired') {
        if (!form.return_url && form.use_stripe_sdk !== 'true') {
          return {
            status: 400,
            body: {
              error: { type: 'invalid_request_error', param: 'return_url', message: 'A return_url is required to confirm this payment' },
            },
          };
        }
        const page = `http://${req.headers.host}/3ds/${id}`;
        base.status = 'requires_action';
        base.return_url = form.return_url;
        // With use_stripe_sdk, Stripe.js runs the step: a 3DS2 card in the page, a 3DS1-style card by leaving for the
        // issuer's page and coming back to return_url. Without it, the answer is a page to redirect to.
        base.next_action =
          form.use_stripe_sdk === 'true'
            ? {
                type: 'use_stripe_sdk',
                use_stripe_sdk:
                  token === 'pm_card_threeDSecureRequired'
                    ? { type: 'three_d_secure_redirect', stripe_js: page }
                    : { type: 'stripe_3ds2_fingerprint', three_d_secure_2_source: `src_${id}` },
              }
            : { type: 'redirect_to_url', redirect_to_url: { url: page, return_url: form.return_url } };
      }
      intents.set(id, base);
      settle(base);
      return { status: 200, body: base };
    }
    if (req.method === 'POST' && path === '/v1/customers') {
      const unknown = unknownParam('POST /v1/customers', form);
      if (unknown) return invalid(`Received unknown parameter: ${unknown}`, unknown, 'parameter_unknown');
      const metadata = Object.fromEntries(
        Object.entries(form)
          .filter(([k]) => k.startsWith('metadata['))
          .map(([k, v]) => [k.slice(9, -1), v]),
      );
      const customer = { id: `cus_fake_${++n}`, object: 'customer', email: form.email ?? null, metadata };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    const customerMethods = path.match(/^\/v1\/customers\/([^/]+)\/payment_methods$/);
    if (req.method === 'GET' && customerMethods) {
      const owner = customerMethods[1] as string;
      if (!customers.has(owner)) return missing(`customer: '${owner}'`);
      const data = [...methods.values()].filter((m) => m.customer === owner && (url.searchParams.get('type') ?? 'card') === m.type);
      return { status: 200, body: { object: 'list', data: data.map(({ test: _t, spent: _s, ...m }) => m), has_more: false, url: path } };
    }
    const pm = path.match(/^\/v1\/payment_methods\/([^/]+)(\/detach)?$/);
    if (pm) {
      const method = methods.get(pm[1] as string);
      if (!method) return missing(`PaymentMethod: '${pm[1]}'`);
      const { test: _t, spent: _s, ...shown } = method;
      if (req.method === 'GET' && !pm[2]) return { status: 200, body: shown };
      if (req.method === 'POST' && pm[2]) {
        const unknown = unknownParam('POST /v1/payment_methods/detach', form);
        if (unknown) return invalid(`Received unknown parameter: ${unknown}`, unknown, 'parameter_unknown');
        if (!method.customer)
          return invalid('The PaymentMethod is not attached to a Customer.', undefined, 'payment_method_unexpected_state');
        method.customer = null;
        method.spent = true;
        return { status: 200, body: { ...shown, customer: null } };
      }
    }
    if (req.method === 'GET' && path === '/v1/payment_intents/search') {
      // Only the query the provider makes: metadata['transaction_uuid']:'...'.
      const wanted = /metadata\['transaction_uuid'\]:'([^']*)'/.exec(url.searchParams.get('query') ?? '')?.[1];
      const data = [...intents.values()].filter((i) => (i.metadata as { transaction_uuid?: string }).transaction_uuid === wanted);
      return { status: 200, body: { object: 'search_result', data, has_more: false, next_page: null, url: path } };
    }
    const one = path.match(/^\/v1\/payment_intents\/([^/]+)(\/capture|\/cancel)?$/);
    if (one) {
      const intent = intents.get(one[1] as string);
      if (!intent)
        return {
          status: 404,
          body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' } },
        };
      if (req.method === 'GET') {
        const found = withCharge(intent, url.search.includes('latest_charge'));
        const method = methods.get(String(intent.payment_method));
        if (!url.search.includes('payment_method') || !method) return { status: 200, body: found };
        const { test: _t, spent: _s, ...shown } = method;
        return { status: 200, body: { ...found, payment_method: shown } };
      }
      if (one[2] === '/cancel' && req.method === 'POST') {
        if (intent.status === 'succeeded' || intent.status === 'canceled') {
          return {
            status: 400,
            body: { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: 'cannot cancel' } },
          };
        }
        intent.status = 'canceled';
        return { status: 200, body: intent };
      }
      if (one[2] && req.method === 'POST') {
        // The network stays down: the SDK's own retry of a capture that took the money gets no answer either.
        if (hang && intent.status === 'succeeded') return 'hang';
        if (refuse && one[2] === '/capture') {
          return {
            status: 402,
            body: {
              error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
            },
          };
        }
        if (intent.status !== 'requires_capture') {
          return {
            status: 400,
            body: { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: 'cannot capture' } },
          };
        }
        intent.status = 'succeeded';
        intent.amount_received = intent.amount;
        captures.set(intent.id, (captures.get(intent.id) ?? 0) + 1);
        capturedAmounts.set(intent.id, (capturedAmounts.get(intent.id) ?? 0) + intent.amount);
        if (hang) return 'hang';
        return { status: 200, body: intent };
      }
    }
    if (req.method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(form.payment_intent as string);
      const amount = Number(form.amount ?? intent?.amount);
      const already = refunded.get(intent?.id ?? '') ?? 0;
      if (intent?.status !== 'succeeded' || already + amount > intent.amount) {
        return {
          status: 400,
          body: {
            error: { type: 'invalid_request_error', code: 'amount_too_large', message: 'Refund amount is greater than unrefunded amount' },
          },
        };
      }
      refunded.set(intent.id, already + amount);
      return {
        status: 200,
        body: {
          id: `re_fake_${++n}`,
          object: 'refund',
          amount: Number(form.amount),
          payment_intent: form.payment_intent,
          status: 'succeeded',
        },
      };
    }
    return {
      status: 404,
      body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path})` } },
    };
  };

  const server: Server = createServer(async (req, res) => {
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', 'authorization, content-type');
    if (req.method === 'OPTIONS') {
      res.writeHead(204);
      res.end();
      return;
    }
    const key = req.headers['idempotency-key'] as string | undefined;
    const body = req.method === 'POST' ? await readForm(req) : {};
    calls.push({ method: req.method ?? '', path: req.url ?? '', idempotencyKey: key, form: body });
    const replayKey = key ? `${req.method} ${req.url} ${key}` : null;
    const reply = (replayKey && replies.get(replayKey)) || (await handle(req, body));
    const wait = delay?.(req.method ?? '', browserUrlOf(req));
    if (typeof wait === 'number' && wait > 0) await new Promise((r) => setTimeout(r, wait));
    else if (wait) await wait;
    // Hung: the work is done but no answer ever comes (the socket is dropped when the fake closes).
    if (reply === 'hang') return;
    if ('script' in reply) {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
      res.end(reply.script);
      return;
    }
    if ('html' in reply) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(reply.html);
      return;
    }
    if ('redirect' in reply) {
      res.writeHead(303, { location: reply.redirect });
      res.end();
      return;
    }
    if (replayKey && !replies.has(replayKey) && 'status' in reply) replies.set(replayKey, reply);
    // The PaymentIntent is made (and its repeats replay it), but no answer ever comes.
    if (hangCreates && req.method === 'POST' && req.url === '/v1/payment_intents') return;
    res.writeHead(reply.status, { 'content-type': 'application/json', 'request-id': `req_${n}` });
    res.end(JSON.stringify(reply.body));
  });
  // Idle connections are kept longer than any client keeps them, so a client never reuses one the fake is just closing
  // (an ECONNRESET on a loaded machine).
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(listenOn, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const setStatus = (id: string, status: string) => {
    const intent = intents.get(id);
    if (intent) {
      intent.status = status;
      intent.next_action = null;
      settle(intent);
    }
  };
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    captures,
    capturedAmounts,
    refunded,
    hangCaptures: (on) => {
      hang = on;
    },
    hangAuthorisations: (on) => {
      hangCreates = on;
    },
    statusOf: (id) => intents.get(id)?.status,
    attachedTo: (customer) => [...methods.values()].filter((m) => m.customer === customer).map((m) => m.id),
    delayAnswers: (fn) => {
      delay = fn;
    },
    refuseCaptures: (on) => {
      refuse = on;
    },
    passChallenge: (id) => setStatus(id, 'requires_capture'),
    failChallenge: (id) => setStatus(id, 'requires_payment_method'),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The fake's test cards, as the Payment Element of the fake Stripe.js turns them into Stripe's test PaymentMethods. */
const browserPaymentMethods: Record<string, string> = {
  '4242424242424242': 'pm_card_visa',
  '4000000000000002': 'pm_card_chargeDeclined',
  '4000000000009995': 'pm_card_chargeDeclinedInsufficientFunds',
  '4000000000003220': 'pm_card_threeDSecure2Required',
  // Stripe's card that authenticates by leaving the page for the issuer (3-D Secure by redirect), then coming back.
  '4000000000003063': 'pm_card_threeDSecureRequired',
};
