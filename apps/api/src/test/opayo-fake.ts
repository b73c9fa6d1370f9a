import { randomUUID } from 'node:crypto';
import {
  escapeHtml,
  type FakeCardBehaviour,
  type FakeReply,
  type FakeRequest,
  fakeCardBehaviour,
  fakePage,
  startFakeServer,
} from './fake-http';
import { dropInScript } from './opayo-dropin-fake';

/**
 * A local stand-in for the parts of Opayo Pi's REST API the adapter uses, answering in the documented shapes
 * (decision 111): merchant-session-keys (Basic auth with the integration key and password), card-identifiers (Bearer
 * merchant session key, called by the browser's Drop-in), transactions (Deferred with 3-D Secure v2, Refund, retrieve),
 * the 3d-secure-challenge call, and instructions (release, abort; a refusal says why: the retrieve shows only the
 * documented status, statusCode/statusDetail and transactionType, never the instructions). Merchant session keys stop
 * working 400 seconds after they are made. It also plays the issuer's ACS: a challenge page
 * that posts cres and threeDSSessionData to the transaction's notificationURL. Money is kept per transaction; a
 * vendorTxCode is accepted once, as Opayo does. `hangReleases` takes the money on release and never answers.
 */
export interface OpayoFake {
  url: string;
  /** The API base the adapter is pointed at. */
  apiUrl: string;
  integrationKey: string;
  integrationPassword: string;
  /** Money actually taken per transaction id (how many release instructions took effect). */
  releases: Map<string, number>;
  /** How much money was taken per transaction (the amounts its release instructions took). */
  released: Map<string, number>;
  refunded: Map<string, number>;
  /** Every request: method and path (never bodies). */
  calls: { method: string; path: string }[];
  hangReleases(on: boolean): void;
  /** While on, a refund is decided (given or refused) and then never answered. */
  hangRefunds(on: boolean): void;
  /** Every merchant session key made so far stops working, as 400 seconds after it was made. */
  expireSessionKeys(): void;
  /** While on, merchant session keys are refused (500), as when Opayo is down. */
  failSessions(on: boolean): void;
  /** Tokenises a card as the Drop-in would in the browser. */
  cardIdentifier(merchantSessionKey: string, cardNumber: string): Promise<string>;
  /** Plays the customer at the issuer's challenge: the cres the ACS would post to the notification URL. */
  challenge(transactionId: string, passed: boolean): string;
  close(): Promise<void>;
}

interface Txn {
  id: string;
  type: 'Deferred' | 'Payment' | 'Refund';
  vendorTxCode: string;
  amount: number;
  currency: string;
  status: 'Ok' | 'NotAuthed' | 'Rejected' | '3DAuth';
  behaviour: FakeCardBehaviour;
  last4: string;
  cardType: string;
  notificationURL: string;
  threeDS: 'Authenticated' | 'NotAuthenticated' | null;
  issuedCres: string | null;
  challengeResult: boolean | null;
  instructions: { instructionType: string; amount?: number; date: string }[];
  cardIdentifier: string;
  expiry: string;
  /** Sent with `save`: the card identifier becomes reusable if the transaction goes through. */
  save: boolean;
}

export async function startOpayoFake(options: { port?: number } = {}): Promise<OpayoFake> {
  const integrationKey = 'fake-integration-key';
  const integrationPassword = 'fake-integration-password';
  /** Merchant session keys and when each stops working (400 seconds after it was made, as on Opayo). */
  const sessionKeys = new Map<string, number>();
  const keyWorks = (key: string) => (sessionKeys.get(key) ?? 0) > Date.now();
  /** Card identifiers: single use, unless a transaction sent with `save` went through (then reusable, decision 141). */
  const cards = new Map<
    string,
    { msk: string; behaviour: FakeCardBehaviour; last4: string; expiry: string; used: boolean; reusable: boolean }
  >();
  const txns = new Map<string, Txn>();
  const vendorCodes = new Set<string>();
  const releases = new Map<string, number>();
  const releasedAmounts = new Map<string, number>();
  const refunded = new Map<string, number>();
  const calls: OpayoFake['calls'] = [];
  let hang = false;
  let hangRefunds = false;
  let failSessions = false;
  let base = '';

  const error = (status: number, code: number, description: string): FakeReply => ({ status, body: { code, description } });
  const view = (t: Txn) => ({
    transactionId: t.id,
    transactionType: t.type,
    status: t.status,
    statusCode: t.status === 'Ok' ? '0000' : t.status === '3DAuth' ? '2021' : t.threeDS === 'NotAuthenticated' ? '4026' : '2000',
    statusDetail:
      t.status === 'Ok'
        ? 'The Authorisation was Successful.'
        : t.status === '3DAuth'
          ? 'Please redirect your customer to the ACSURL to complete the 3DS Transaction'
          : t.threeDS === 'NotAuthenticated'
            ? "3D-Authentication failed. This vendor's rules require a successful 3D-Authentication."
            : 'The Authorisation was Declined by the bank.',
    bankResponseCode: t.status === 'Ok' ? '00' : t.behaviour === 'insufficient_funds' ? '51' : t.status === 'NotAuthed' ? '05' : undefined,
    paymentMethod: {
      card: {
        cardType: t.cardType,
        lastFourDigits: t.last4,
        expiryDate: t.expiry,
        cardIdentifier: t.cardIdentifier,
        reusable: cards.get(t.cardIdentifier)?.reusable === true,
      },
    },
    amount: { totalAmount: t.amount, saleAmount: t.amount, surchargeAmount: 0 },
    currency: t.currency,
    ...(t.threeDS ? { '3DSecure': { status: t.threeDS } } : {}),
    ...(t.status === '3DAuth'
      ? { acsUrl: `${base}/acs/${t.id}`, cReq: Buffer.from(JSON.stringify({ tx: t.id })).toString('base64url') }
      : {}),
  });

  const handle = (req: FakeRequest): FakeReply => {
    calls.push({ method: req.method, path: req.path });
    const auth = String(req.headers.authorization ?? '');
    const basic = `Basic ${Buffer.from(`${integrationKey}:${integrationPassword}`).toString('base64')}`;
    // biome-ignore lint/suspicious/noExplicitAny: a fake reads arbitrary JSON
    const b = req.body as Record<string, any>;
    const p = req.path.replace(/^\/api\/v1/, '');

    if (req.method === 'POST' && p === '/card-identifiers') {
      const msk = auth.replace(/^Bearer /, '');
      if (!keyWorks(msk)) return error(401, 1002, 'Authentication values are missing');
      const number = String(b.cardDetails?.cardNumber ?? '').replace(/\s+/g, '');
      if (!/^\d{12,19}$/.test(number))
        return { status: 422, body: { errors: [{ code: 1004, property: 'cardDetails.cardNumber', description: 'Invalid card number' }] } };
      const id = randomUUID().toUpperCase();
      const expiry = /^\d{4}$/.test(String(b.cardDetails?.expiryDate ?? '')) ? String(b.cardDetails.expiryDate) : '1230';
      cards.set(id, { msk, behaviour: fakeCardBehaviour(number), last4: number.slice(-4), expiry, used: false, reusable: false });
      return {
        status: 201,
        body: {
          cardIdentifier: id,
          expiry: new Date(Date.now() + 400_000).toISOString(),
          cardType: number.startsWith('5') ? 'MasterCard' : 'Visa',
        },
      };
    }
    // The issuer's pages (ACS): the browser comes here with creq and threeDSSessionData.
    const acs = p.match(/^\/acs\/([^/]+)(\/answer)?$/);
    if (acs && req.method === 'POST') {
      const t = txns.get(acs[1] as string);
      if (t?.status !== '3DAuth') return { status: 404, html: fakePage('Not found', '<p>No such challenge.</p>') };
      const sessionData = escapeHtml(String(b.threeDSSessionData ?? ''));
      if (!acs[2]) {
        return {
          status: 200,
          html: fakePage(
            'Opayo test issuer: 3-D Secure',
            `<p>Confirm this payment of ${(t.amount / 100).toFixed(2)} ${escapeHtml(t.currency)}.</p>
<form method="post" action="/acs/${t.id}/answer"><input type="hidden" name="threeDSSessionData" value="${sessionData}">
<button type="submit" name="result" value="passed">Complete authentication</button>
<button type="submit" name="result" value="failed">Fail authentication</button></form>`,
          ),
        };
      }
      const cres = issue(t, b.result === 'passed');
      return {
        status: 200,
        html: fakePage(
          'Returning to the merchant',
          `<form id="back" method="post" action="${escapeHtml(t.notificationURL)}"><input type="hidden" name="cres" value="${escapeHtml(cres)}">
<input type="hidden" name="threeDSSessionData" value="${sessionData}"><button type="submit">Continue</button></form>
<script>document.getElementById('back').submit()</script>`,
        ),
      };
    }
    // The Drop-in is sagepay-dropin.js; sagepay.js is Opayo's own-form library, which this fake does not play.
    if (req.path.endsWith('/js/sagepay-dropin.js')) return { status: 200, script: dropInScript(base) };

    if (auth !== basic) return error(401, 1001, 'Authentication failed');
    if (req.method === 'POST' && p === '/merchant-session-keys') {
      if (failSessions) return { status: 500, body: { code: 1999, description: 'Internal error' } };
      const key = randomUUID().toUpperCase();
      const expiry = Date.now() + 400_000;
      sessionKeys.set(key, expiry);
      return { status: 201, body: { merchantSessionKey: key, expiry: new Date(expiry).toISOString() } };
    }
    if (req.method === 'POST' && p === '/transactions') {
      const vendorTxCode = String(b.vendorTxCode ?? '');
      if (!vendorTxCode || vendorCodes.has(vendorTxCode)) {
        return error(422, 3013, 'The VendorTxCode has been used before. All VendorTxCodes must be unique.');
      }
      if (b.transactionType === 'Refund') {
        const ref = txns.get(String(b.referenceTransactionId));
        const taken = ref ? (releasedAmounts.get(ref.id) ?? 0) : 0;
        const already = ref ? (refunded.get(ref.id) ?? 0) : 0;
        const amount = Number(b.amount);
        // As Opayo: the vendorTxCode is spent by a refused transaction too.
        vendorCodes.add(vendorTxCode);
        if (!ref || !(amount > 0) || already + amount > taken) {
          const refused = error(422, 4008, 'The refund amount is greater than the amount left to refund.');
          return hangRefunds ? 'hang' : refused;
        }
        refunded.set(ref.id, already + amount);
        const id = randomUUID().toUpperCase();
        if (hangRefunds) return 'hang';
        return {
          status: 201,
          body: {
            transactionId: id,
            transactionType: 'Refund',
            status: 'Ok',
            statusCode: '0000',
            statusDetail: 'The Authorisation was Successful.',
          },
        };
      }
      const cardIdentifier = String(b.paymentMethod?.card?.cardIdentifier ?? '');
      const card = cards.get(cardIdentifier);
      const msk = String(b.paymentMethod?.card?.merchantSessionKey ?? '');
      // A reusable identifier goes with any current merchant session key; a single-use one with its own, once.
      const usable =
        b.paymentMethod?.card?.reusable === true
          ? card?.reusable === true && keyWorks(msk)
          : card !== undefined && !card.used && card.msk === msk && keyWorks(msk);
      if (!keyWorks(msk)) {
        return {
          status: 422,
          body: { errors: [{ code: 1002, property: 'merchantSessionKey', description: 'The merchant session key has expired' }] },
        };
      }
      if (!card || !usable) return error(422, 1009, 'The card identifier is invalid or has been used.');
      card.used = true;
      vendorCodes.add(vendorTxCode);
      const t: Txn = {
        id: randomUUID().toUpperCase(),
        type: b.transactionType === 'Payment' ? 'Payment' : 'Deferred',
        vendorTxCode,
        amount: Number(b.amount),
        currency: String(b.currency ?? 'GBP'),
        status: card.behaviour === 'approve' ? 'Ok' : card.behaviour === 'challenge' ? '3DAuth' : 'NotAuthed',
        behaviour: card.behaviour,
        last4: card.last4,
        cardType: 'Visa',
        notificationURL: String(b.strongCustomerAuthentication?.notificationURL ?? ''),
        threeDS: card.behaviour === 'challenge' ? null : 'Authenticated',
        issuedCres: null,
        challengeResult: null,
        instructions: [],
        cardIdentifier,
        expiry: card.expiry,
        save: b.paymentMethod?.card?.save === true,
      };
      txns.set(t.id, t);
      if (t.status === 'Ok' && t.save) card.reusable = true;
      return { status: t.status === 'Ok' ? 201 : 202, body: view(t) };
    }
    const one = p.match(/^\/transactions\/([^/]+)(\/instructions|\/3d-secure-challenge)?$/);
    const t = one ? txns.get(one[1] as string) : undefined;
    if (one && !t) return error(404, 1012, 'Transaction not found');
    if (t && req.method === 'GET' && !one?.[2]) return { status: 200, body: view(t) };
    if (t && req.method === 'POST' && one?.[2] === '/3d-secure-challenge') {
      if (t.status === '3DAuth') {
        if (!t.issuedCres || b.cRes !== t.issuedCres) return error(422, 1011, 'The cRes is invalid.');
        t.threeDS = t.challengeResult ? 'Authenticated' : 'NotAuthenticated';
        t.status = t.challengeResult ? 'Ok' : 'Rejected';
        const card = cards.get(t.cardIdentifier);
        if (t.status === 'Ok' && t.save && card) card.reusable = true;
      }
      return { status: t.status === 'Ok' ? 201 : 202, body: view(t) };
    }
    if (t && req.method === 'POST' && one?.[2] === '/instructions') {
      const type = String(b.instructionType);
      const released = t.instructions.some((i) => i.instructionType === 'release');
      const aborted = t.instructions.some((i) => i.instructionType === 'abort');
      // A refusal says why (decision 201): the retrieve does not show instructions, so this is where a release shows.
      if (type === 'release') {
        if (aborted) return error(422, 1017, 'The transaction has been aborted and cannot be released.');
        if (t.type !== 'Deferred' || t.status !== 'Ok') return error(422, 1017, 'The transaction cannot be released.');
        if (released) return error(422, 1018, 'The transaction has already been released.');
        const amount = Number(b.amount);
        if (!(amount > 0) || amount > t.amount) return error(422, 1019, 'The release amount is invalid.');
        t.instructions.push({ instructionType: 'release', amount, date: new Date().toISOString() });
        releases.set(t.id, (releases.get(t.id) ?? 0) + 1);
        releasedAmounts.set(t.id, (releasedAmounts.get(t.id) ?? 0) + amount);
        if (hang) return 'hang';
        return { status: 201, body: { instructionType: 'release', date: new Date().toISOString() } };
      }
      if (type === 'abort') {
        if (released) return error(422, 1018, 'The transaction has already been released and cannot be aborted.');
        if (aborted) return error(422, 1017, 'The transaction has already been aborted.');
        if (t.type !== 'Deferred' || t.status !== 'Ok') return error(422, 1017, 'The transaction cannot be aborted.');
        t.instructions.push({ instructionType: 'abort', date: new Date().toISOString() });
        return { status: 201, body: { instructionType: 'abort', date: new Date().toISOString() } };
      }
      return error(422, 1016, 'Unknown instruction type.');
    }
    return error(404, 1000, `No such resource (${req.method} ${req.path})`);
  };

  const issue = (t: Txn, passed: boolean): string => {
    t.challengeResult = passed;
    t.issuedCres = Buffer.from(JSON.stringify({ tx: t.id, transStatus: passed ? 'Y' : 'N', n: randomUUID() })).toString('base64url');
    return t.issuedCres;
  };

  const server = await startFakeServer(handle, options.port);
  base = server.url;
  const apiUrl = `${server.url}/api/v1`;
  return {
    url: server.url,
    apiUrl,
    integrationKey,
    integrationPassword,
    releases,
    released: releasedAmounts,
    refunded,
    calls,
    hangReleases: (on) => {
      hang = on;
    },
    hangRefunds: (on) => {
      hangRefunds = on;
    },
    expireSessionKeys: () => {
      for (const key of sessionKeys.keys()) sessionKeys.set(key, 0);
    },
    failSessions: (on) => {
      failSessions = on;
    },
    async cardIdentifier(msk, cardNumber) {
      const res = await fetch(`${apiUrl}/card-identifiers`, {
        method: 'POST',
        headers: { authorization: `Bearer ${msk}`, 'content-type': 'application/json' },
        body: JSON.stringify({ cardDetails: { cardholderName: 'Test Person', cardNumber, expiryDate: '1230', securityCode: '123' } }),
      });
      return ((await res.json()) as { cardIdentifier: string }).cardIdentifier;
    },
    challenge(transactionId, passed) {
      const t = txns.get(transactionId);
      if (!t) throw new Error(`no transaction ${transactionId}`);
      return issue(t, passed);
    },
    close: server.close,
  };
}
