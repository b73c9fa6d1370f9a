import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { camelize } from '../../lib/api';
import { authorisedWire, cartItemWire, cartWire, paymentSessionWire } from '../../test/fixtures';
import { createTestQueryClient, envelope, mockApi } from '../../test/render';
import type { CartView } from '../basket';
import type { CheckoutValues } from './checkout-schema';
import { usePay } from './use-pay';

const values: CheckoutValues = {
  billing_first_name: 'Alex',
  billing_last_name: 'Morgan',
  billing_address_1: '1 High Street',
  billing_address_2: '',
  billing_city: 'Harrogate',
  billing_postcode: 'HG1 1AA',
  card_number: '4242 4242 4242 4242',
  expiry: '12/30',
  security_code: '123',
  card_holder_name: 'Alex Morgan',
  use_saved_card: false,
  save_card: false,
  terms: true,
};

function renderPay() {
  const queryClient = createTestQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/basket/checkout']}>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  const cart = camelize(cartWire([cartItemWire(1, 'Spin')])) as unknown as CartView;
  return renderHook(() => usePay(cart), { wrapper });
}

afterEach(() => window.sessionStorage.clear());

describe('usePay', () => {
  it('is the one double-submit guard: a second pay while the first runs sends nothing', async () => {
    const { calls } = mockApi({
      'GET /api/checkout/prepare': envelope(paymentSessionWire()),
      'POST /sandbox-provider/v1/card-identifiers': { status: 201, body: { card_identifier: 'card_abc', last4: '4242', brand: 'visa' } },
      'POST /api/checkout/authorise': envelope(authorisedWire()),
      'POST /api/checkout/complete': envelope({ complete_order_id: 42, order_id: 42, status: 'success', error: null }),
    });
    const { result } = renderPay();
    const { pay } = result.current;
    await act(() => Promise.all([pay(values, 'new'), pay(values, 'new'), pay(values, 'new')]));
    expect(result.current.status).toBe('completed');
    const sent = (path: string) => calls.filter((c) => c.url.pathname === path);
    expect(sent('/sandbox-provider/v1/card-identifiers')).toHaveLength(1);
    expect(sent('/api/checkout/authorise')).toHaveLength(1);
    expect(sent('/api/checkout/complete')).toHaveLength(1);
  });

  it("prepares again when the provider's session lapses on the page (an Opayo key after 400 seconds), mounting a fresh key", async () => {
    let prepared = 0;
    const { calls } = mockApi({
      // The first key is (nearly) spent when it comes; the next one has its full time.
      'GET /api/checkout/prepare': () => {
        prepared += 1;
        const key = `msk_${prepared}`;
        return envelope(
          paymentSessionWire({ payment_provider: 'opayo', session_key: key, client_secret: key, expires_in: prepared === 1 ? 20 : 400 }),
        );
      },
    });
    const { result } = renderPay();
    await waitFor(() => expect(result.current.session?.sessionKey).toBe('msk_2'));
    expect(result.current.status).toBe('ready');
    expect(calls.filter((c) => c.url.pathname === '/api/checkout/prepare')).toHaveLength(2);
    // A key with its time left is kept: no third preparation.
    await new Promise((r) => setTimeout(r, 50));
    expect(prepared).toBe(2);
  });

  it('keeps the payment while Stripe.js may leave the page for 3-D Secure, so the checkout resumes on the way back', async () => {
    const { hostedCardStep } = await import('./hosted-card/card-steps');
    const step = hostedCardStep('stripe');
    if (!step) throw new Error('no stripe step');
    step.tokenise = async () => ({ paymentMethodId: 'pm_1' });
    let kept: string | null = null;
    // Stripe.js leaves the page: this promise never settles; what the checkout kept before is what the return reads.
    step.handleNextAction = () => {
      kept = window.sessionStorage.getItem('checkout.pending-sca');
      return new Promise<void>(() => {});
    };
    mockApi({
      'GET /api/checkout/prepare': envelope(paymentSessionWire({ payment_provider: 'stripe', public_key: 'pk_test_1', url: '/v3/' })),
      'POST /api/checkout/authorise': envelope(
        authorisedWire({
          transaction_uuid: 'tx9',
          transaction_status: 'sca_required',
          sca_url: 'http://localhost/basket/checkout?transaction_uuid=tx9',
          sca_method: 'GET',
          client_secret: 'pi_1_secret_x',
          return_url: '/basket/checkout?transaction_uuid=tx9',
        }),
      ),
    });
    const { result } = renderPay();
    act(() => {
      void result.current.pay(values, 'new');
    });
    await waitFor(() => expect(kept).not.toBeNull());
    expect(JSON.parse(kept as unknown as string)).toMatchObject({ state: { status: 'sca_required', transactionId: 'tx9' } });
  });
});
