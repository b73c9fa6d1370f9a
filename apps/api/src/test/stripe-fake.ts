import { createServer, type IncomingMessage, type Server } from 'node:http';

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
  calls: { method: string; path: string; idempotencyKey: string | undefined }[];
  /** How many times money was actually taken per PaymentIntent. */
  captures: Map<string, number>;
  /** Money given back per PaymentIntent. */
  refunded: Map<string, number>;
  /**
   * While on, a capture takes the money and then never answers (the connection stays open), as when the network or
   * our process fails after Stripe did the work.
   */
  hangCaptures(on: boolean): void;
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
  const calls: StripeFake['calls'] = [];
  const captures = new Map<string, number>();
  const refunded = new Map<string, number>();
  let hang = false;
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

  const handle = async (req: IncomingMessage): Promise<{ status: number; body: unknown } | 'hang' | { script: string }> => {
    const browserUrl = new URL(req.url ?? '/', 'http://fake');
    if (req.method === 'GET' && browserUrl.pathname === '/v3/') return { script: stripeJsScript(`http://${req.headers.host}`) };
    // What Stripe.js calls from the browser, with the publishable key: a PaymentMethod from the Payment Element's card,
    // and the customer's answer at the 3-D Secure step of handleNextAction.
    if (String(req.headers.authorization ?? '').startsWith('Bearer pk_test_') && req.method === 'POST') {
      const form = await readForm(req);
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
    const form = req.method === 'POST' ? await readForm(req) : {};
    const path = url.pathname;
    if (req.method === 'POST' && path === '/v1/payment_intents') {
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
      if (form.payment_method === 'pm_card_threeDSecure2Required') {
        base.status = 'requires_action';
        base.next_action = {
          type: 'redirect_to_url',
          redirect_to_url: { url: `https://hooks.stripe.test/3ds/${id}`, return_url: form.return_url },
        };
      }
      intents.set(id, base);
      return { status: 200, body: base };
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
        if (intent.status === 'succeeded') {
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
    calls.push({ method: req.method ?? '', path: req.url ?? '', idempotencyKey: key });
    const replayKey = key ? `${req.method} ${req.url} ${key}` : null;
    const reply = (replayKey && replies.get(replayKey)) || (await handle(req));
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
    if (replayKey && !replies.has(replayKey)) replies.set(replayKey, reply);
    res.writeHead(reply.status, { 'content-type': 'application/json', 'request-id': `req_${n}` });
    res.end(JSON.stringify(reply.body));
  });
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
    refunded,
    hangCaptures: (on) => {
      hang = on;
    },
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
};

/**
 * The subset of Stripe.js the checkout uses, for the e2e suite (decision 112): Stripe(publishableKey), elements({ mode,
 * amount, currency, paymentMethodCreation }), elements.create('payment').mount(el), elements.submit(),
 * stripe.createPaymentMethod({ elements }) (the card goes to this fake, never to our API) and
 * stripe.handleNextAction({ clientSecret }), which runs the 3-D Secure step in a dialog of its own.
 */
function stripeJsScript(base: string): string {
  return `(function () {
  var base = ${JSON.stringify(base)};
  function post(key, path, fields) {
    return fetch(base + path, { method: 'POST', headers: { authorization: 'Bearer ' + key,
      'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() })
      .then(function (r) { return r.json(); });
  }
  function field(box, id, label, ac) {
    var l = document.createElement('label'); l.htmlFor = id; l.textContent = label; l.style.display = 'block';
    var i = document.createElement('input'); i.id = id; i.autocomplete = ac;
    box.appendChild(l); box.appendChild(i); return i;
  }
  window.Stripe = function (key) {
    var inputs = null;
    return {
      elements: function () {
        return {
          create: function () {
            return { mount: function (target) {
              var el = typeof target === 'string' ? document.querySelector(target) : target;
              el.innerHTML = '';
              var box = document.createElement('div'); box.setAttribute('data-provider-fields', 'stripe'); el.appendChild(box);
              inputs = { number: field(box, 'stripe-card-number', 'Card number', 'cc-number'),
                expiry: field(box, 'stripe-expiry', 'Expiry (MM / YY)', 'cc-exp'), cvc: field(box, 'stripe-cvc', 'Security code', 'cc-csc') };
            }, unmount: function () {} };
          },
          submit: function () { return Promise.resolve(inputs && inputs.number.value ? {} : { error: { message: 'Your card number is incomplete.' } }); }
        };
      },
      createPaymentMethod: function () {
        return post(key, '/v1/payment_methods', { type: 'card', 'card[number]': inputs.number.value })
          .then(function (pm) { return pm.id ? { paymentMethod: pm } : { error: { message: 'Your card was declined.' } }; });
      },
      handleNextAction: function (options) {
        var id = options.clientSecret.split('_secret_')[0];
        return new Promise(function (resolve) {
          var dialog = document.createElement('div');
          dialog.setAttribute('role', 'dialog'); dialog.setAttribute('aria-modal', 'true'); dialog.setAttribute('aria-labelledby', 'stripe-3ds-title');
          dialog.style.cssText = 'position:fixed;inset:20% 10%;background:#fff;color:#111;border:2px solid #333;padding:1.5rem;z-index:1000';
          var h = document.createElement('h2'); h.id = 'stripe-3ds-title'; h.textContent = 'Stripe test issuer: 3-D Secure'; dialog.appendChild(h);
          ['passed', 'failed'].forEach(function (result) {
            var b = document.createElement('button'); b.type = 'button'; b.style.marginRight = '1rem';
            b.textContent = result === 'passed' ? 'Complete authentication' : 'Fail authentication';
            b.onclick = function () {
              post(key, '/v1/payment_intents/' + id + '/fake_challenge', { result: result }).then(function (pi) {
                dialog.remove(); resolve({ paymentIntent: pi });
              });
            };
            dialog.appendChild(b);
          });
          document.body.appendChild(dialog);
          dialog.querySelector('button').focus();
        });
      }
    };
  };
})();
`;
}
