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
  passChallenge(id: string): void;
  failChallenge(id: string): void;
  close(): Promise<void>;
}

type Intent = Record<string, unknown> & { id: string; status: string; amount: number };

const readForm = async (req: IncomingMessage): Promise<Record<string, string>> => {
  let body = '';
  for await (const chunk of req) body += chunk;
  return Object.fromEntries(new URLSearchParams(body));
};

export async function startStripeFake(): Promise<StripeFake> {
  const intents = new Map<string, Intent>();
  const replies = new Map<string, { status: number; body: unknown }>();
  const calls: StripeFake['calls'] = [];
  const captures = new Map<string, number>();
  const refunded = new Map<string, number>();
  let hang = false;
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

  const handle = async (req: IncomingMessage): Promise<{ status: number; body: unknown } | 'hang'> => {
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
      if (form.payment_method === 'pm_card_chargeDeclined') {
        const failed = {
          ...base,
          status: 'requires_payment_method',
          last_payment_error: { code: 'card_declined', decline_code: 'generic_decline' },
        };
        intents.set(id, failed);
        return {
          status: 402,
          body: {
            error: {
              type: 'card_error',
              code: 'card_declined',
              decline_code: 'generic_decline',
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
    const key = req.headers['idempotency-key'] as string | undefined;
    calls.push({ method: req.method ?? '', path: req.url ?? '', idempotencyKey: key });
    const replayKey = key ? `${req.method} ${req.url} ${key}` : null;
    const reply = (replayKey && replies.get(replayKey)) || (await handle(req));
    // Hung: the work is done but no answer ever comes (the socket is dropped when the fake closes).
    if (reply === 'hang') return;
    if (replayKey && !replies.has(replayKey)) replies.set(replayKey, reply);
    res.writeHead(reply.status, { 'content-type': 'application/json', 'request-id': `req_${n}` });
    res.end(JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
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
    passChallenge: (id) => setStatus(id, 'requires_capture'),
    failChallenge: (id) => setStatus(id, 'requires_payment_method'),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
