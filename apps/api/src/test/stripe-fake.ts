import { createServer, type IncomingMessage, type Server } from 'node:http';
import { stripeJsScript } from './stripe-js-fake';

/**
 * A local stand-in for the parts of Stripe's API the provider uses (PaymentIntents create, retrieve with the latest
 * charge expanded, capture, cancel; refunds), answering in Stripe's shapes so the official SDK can be pointed at it
 * (host, port, protocol). Test payment methods pick the outcome, as on Stripe: pm_card_visa is approved,
 * pm_card_chargeDeclined declined, pm_card_threeDSecure2Required needs a challenge (passChallenge / failChallenge
 * stand for the customer). Idempotency-Key is honoured like Stripe does: the same key replays the first answer.
 * A succeeded PaymentIntent cannot be cancelled, a refund cannot exceed what was captured.
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

const browserUrlOf = (req: IncomingMessage): string => new URL(req.url ?? '/', 'http://fake').pathname;

const readForm = async (req: IncomingMessage): Promise<Record<string, string>> => {
  let body = '';
  for await (const chunk of req) body += chunk;
  return Object.fromEntries(new URLSearchParams(body));
};

export async function startStripeFake(listenOn = 0): Promise<StripeFake> {
  const intents = new Map<string, Intent>();
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
      if (form.return_url !== undefined && !isAbsoluteUrl(form.return_url)) {
        return {
          status: 400,
          body: { error: { type: 'invalid_request_error', code: 'url_invalid', param: 'return_url', message: 'Not a valid URL' } },
        };
      }
      const id = `pi_fake_${++n}`;
      const base: Intent = {
        id,
        object: 'payment_intent',
        amount: Number(form.amount),
        currency: form.currency,
        capture_method: form.capture_method,
        client_secret: `${id}_secret_x`,
        metadata: { transaction_uuid: form['metadata[transaction_uuid]'] },
        amount_received: 0,
        latest_charge: null,
        last_payment_error: null,
        next_action: null,
        status: 'requires_capture',
      };
      if (form.payment_method === 'pm_card_chargeDeclined' || form.payment_method === 'pm_card_chargeDeclinedInsufficientFunds') {
        const declineCode = form.payment_method === 'pm_card_chargeDeclined' ? 'generic_decline' : 'insufficient_funds';
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
      if (form.payment_method === 'pm_card_threeDSecure2Required' || form.payment_method === 'pm_card_threeDSecureRequired') {
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
                  form.payment_method === 'pm_card_threeDSecureRequired'
                    ? { type: 'three_d_secure_redirect', stripe_js: page }
                    : { type: 'stripe_3ds2_fingerprint', three_d_secure_2_source: `src_${id}` },
              }
            : { type: 'redirect_to_url', redirect_to_url: { url: page, return_url: form.return_url } };
      }
      intents.set(id, base);
      return { status: 200, body: base };
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
      if (req.method === 'GET') return { status: 200, body: withCharge(intent, url.search.includes('latest_charge')) };
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
