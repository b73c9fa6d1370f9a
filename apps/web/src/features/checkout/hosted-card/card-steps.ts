import { paymentMessages } from '@app/contracts';
import type { PaymentSessionInfo } from '../api/prepare-payment';
import { loadScript } from './load-script';

/** What the browser hands our API after the provider took the card: never the card itself. */
export interface CardToken {
  cardIdentifier?: string;
  paymentMethodId?: string;
}

/**
 * One provider's card step in the page (decision 112): the provider's own script mounts its card fields inside our
 * container (so card numbers never enter our form, our API client or our server), takes the card when the customer
 * pays, and, for Stripe, runs the 3-D Secure step in the page (handleNextAction). A failure throws an Error whose
 * message is shown.
 */
export interface HostedCardStep {
  /** What the mounted fields are bound to: they are mounted again only when it changes (not on every prepare). */
  mountKey(session: PaymentSessionInfo): string;
  mount(container: HTMLElement, session: PaymentSessionInfo): Promise<void>;
  tokenise(session: PaymentSessionInfo): Promise<CardToken>;
  /** 3-D Secure in the page; absent when the provider sends the customer away instead (decision 040). */
  handleNextAction?(session: PaymentSessionInfo, clientSecret: string): Promise<void>;
}

// The globals the providers' scripts define (only the parts the app uses).
interface OpayoCheckout {
  form(): void;
  tokenise(): void;
  destroy(): void;
}
interface OpayoResult {
  success: boolean;
  cardIdentifier?: string;
  errors?: { message?: string }[];
}
interface StripeElements {
  create(type: 'payment'): { mount(el: HTMLElement): void };
  submit(): Promise<{ error?: { message?: string } }>;
}
interface StripeJs {
  elements(options: Record<string, unknown>): StripeElements;
  createPaymentMethod(options: { elements: StripeElements }): Promise<{ paymentMethod?: { id: string }; error?: { message?: string } }>;
  handleNextAction(options: { clientSecret: string }): Promise<{ paymentIntent?: unknown; error?: { message?: string } }>;
}
/**
 * Ryft's embedded SDK (v2), as its documentation has it: init with the public key, the session's client secret and,
 * for a sub-account's payment, `accountId`; the card fields go into the element `#ryft-pay-form`; attemptPayment()
 * pays the session (3-D Secure included) and resolves with it.
 */
interface RyftSdk {
  init(options: { publicKey: string; clientSecret: string; accountId?: string }): void;
  attemptPayment(): Promise<{ id?: string; status?: string; lastError?: string | null }>;
}
/** Where Ryft's SDK puts its card fields: a fixed id it looks for (decision 201). */
export const RYFT_FORM_ID = 'ryft-pay-form';
type ProviderWindow = Window & {
  sagepayCheckout?: (options: {
    merchantSessionKey: string;
    containerSelector: string;
    onTokenise: (r: OpayoResult) => void;
  }) => OpayoCheckout;
  Stripe?: (publishableKey: string) => StripeJs;
  Ryft?: RyftSdk;
};
const w = () => window as ProviderWindow;

const need = <T>(value: T | undefined | null, what: string): T => {
  if (!value) throw new Error(`${what} is not available`);
  return value;
};

/** The container's selector: providers' scripts take a selector. */
const selectorOf = (container: HTMLElement): string => `#${container.id}`;

function opayoStep(): HostedCardStep {
  let checkout: OpayoCheckout | null = null;
  let waiting: ((r: OpayoResult) => void) | null = null;
  return {
    mountKey: (session) => session.sessionKey,
    async mount(container, session) {
      await loadScript(session.url);
      checkout?.destroy();
      checkout = need(
        w().sagepayCheckout,
        "Opayo's checkout",
      )({
        merchantSessionKey: session.sessionKey,
        containerSelector: selectorOf(container),
        onTokenise: (result) => waiting?.(result),
      });
      checkout.form();
    },
    tokenise() {
      const current = need(checkout, "Opayo's checkout");
      return new Promise<CardToken>((resolve, reject) => {
        waiting = (result) => {
          waiting = null;
          if (result.success && result.cardIdentifier) resolve({ cardIdentifier: result.cardIdentifier });
          else reject(new Error(result.errors?.[0]?.message || paymentMessages.authorizationFailed));
        };
        current.tokenise();
      });
    },
  };
}

function stripeStep(): HostedCardStep {
  let stripe: StripeJs | null = null;
  let elements: StripeElements | null = null;
  return {
    mountKey: (session) => `${session.publicKey}:${session.amount.value}`,
    async mount(container, session) {
      await loadScript(session.url);
      stripe = need(w().Stripe, 'Stripe.js')(need(session.publicKey, "Stripe's publishable key"));
      elements = stripe.elements({
        mode: 'payment',
        amount: session.amount.value,
        currency: session.amount.currency.toLowerCase(),
        captureMethod: 'manual',
        paymentMethodCreation: 'manual',
      });
      elements.create('payment').mount(container);
    },
    async tokenise() {
      const s = need(stripe, 'Stripe.js');
      const e = need(elements, "Stripe's Payment Element");
      const submitted = await e.submit();
      if (submitted.error) throw new Error(submitted.error.message || paymentMessages.authorizationFailed);
      const created = await s.createPaymentMethod({ elements: e });
      if (!created.paymentMethod) throw new Error(created.error?.message || paymentMessages.authorizationFailed);
      return { paymentMethodId: created.paymentMethod.id };
    },
    async handleNextAction(session, clientSecret) {
      // Paying with a saved card mounts no Payment Element, so Stripe.js may not be loaded yet: 3-D Secure still
      // runs through it (decision 222).
      if (!stripe) {
        await loadScript(session.url);
        stripe = need(w().Stripe, 'Stripe.js')(need(session.publicKey, "Stripe's publishable key"));
      }
      const result = await stripe.handleNextAction({ clientSecret });
      // Stripe's own record decides (sca-completion asks the server); an error here only means the step did not finish.
      if (result.error && !result.paymentIntent) throw new Error(result.error.message || paymentMessages.threeDSecureFailed);
    },
  };
}

function ryftStep(): HostedCardStep {
  return {
    mountKey: (session) => session.clientSecret ?? '',
    async mount(container, session) {
      await loadScript(session.url);
      // The SDK finds its place by id; ours is an element inside our container (a form there would nest in the
      // checkout's own form).
      const place = document.createElement('div');
      place.id = RYFT_FORM_ID;
      container.replaceChildren(place);
      need(w().Ryft, "Ryft's SDK").init({
        publicKey: need(session.publicKey, "Ryft's public key"),
        clientSecret: need(session.clientSecret, "Ryft's client secret"),
        ...(session.accountId ? { accountId: session.accountId } : {}),
      });
    },
    async tokenise(session) {
      // Ryft's SDK pays the session itself (3-D Secure included, in its own frame); we send the session's id, and the
      // server reads the outcome from Ryft.
      const result = await need(w().Ryft, "Ryft's SDK").attemptPayment();
      if (!result?.id && !result?.status) throw new Error(paymentMessages.authorizationFailed);
      return { cardIdentifier: `${session.sessionKey}.${Math.random().toString(36).slice(2, 10)}` };
    },
  };
}

const steps: Record<string, () => HostedCardStep> = { opayo: opayoStep, stripe: stripeStep, ryft: ryftStep };
const made = new Map<string, HostedCardStep>();

/** The card step of a provider whose fields are hosted by the provider, or null (the sandbox's own form). */
export function hostedCardStep(provider: string): HostedCardStep | null {
  const make = steps[provider];
  if (!make) return null;
  const existing = made.get(provider);
  if (existing) return existing;
  const step = make();
  made.set(provider, step);
  return step;
}

/** Providers whose card fields the provider hosts. */
export const isHostedProvider = (provider: string | undefined): boolean => Boolean(provider && steps[provider]);

/** Hosted providers that keep a card for later when the customer asks (save_card; decisions 142, 220, 221). */
const keepingCards = new Set(['opayo', 'stripe', 'ryft']);
export const canKeepCards = (provider: string | undefined): boolean => Boolean(provider && keepingCards.has(provider));
