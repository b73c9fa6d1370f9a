import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
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
});
