import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { termsAgreement } from '../../../lib/terms-agreement';
import { CheckoutForm } from './checkout-form';

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/Address line 1/), '1 High Street');
  await user.type(screen.getByLabelText(/Town or city/), 'Harrogate');
  await user.type(screen.getByLabelText(/Postcode/), 'HG1 1AA');
  await user.type(screen.getByLabelText(/Card number/), '4242 4242 4242 4242');
  await user.type(screen.getByLabelText(/Expiry date/), '12/30');
  await user.type(screen.getByLabelText(/Security code/), '123');
  await user.type(screen.getByLabelText(/Name on card/), 'Alex Morgan');
}

const props = { amount: '£6.50', defaultName: { firstName: 'Alex', lastName: 'Morgan' }, processing: false, error: null };

describe('the checkout form', () => {
  it('can pay again after a failed attempt', async () => {
    const user = userEvent.setup();
    const onPay = vi.fn(async () => {});
    render(<CheckoutForm {...props} terms={null} onPay={onPay} />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Pay £6.50' }));
    await user.click(await screen.findByRole('button', { name: 'Pay £6.50' }));
    expect(onPay).toHaveBeenCalledTimes(2);
  });

  it('keeps Pay disabled while the page says a payment is processing', () => {
    render(<CheckoutForm {...props} processing terms={null} onPay={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Processing payment' })).toBeDisabled();
  });

  it('requires the terms when the operator has terms', async () => {
    const user = userEvent.setup();
    const onPay = vi.fn(async () => {});
    render(<CheckoutForm {...props} terms="<p>Terms</p>" onPay={onPay} />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Pay £6.50' }));
    expect(await screen.findByText('You must agree to the Terms and Conditions.')).toBeInTheDocument();
    expect(onPay).not.toHaveBeenCalled();
    await user.click(screen.getByRole('checkbox', { name: 'I agree to the Terms and Conditions' }));
    await user.click(screen.getByRole('button', { name: 'Pay £6.50' }));
    expect(onPay).toHaveBeenCalledTimes(1);
  });

  it('does not ask again for terms agreed in the basket, and sends the agreement (issue 13, defect 16)', async () => {
    termsAgreement.set(true);
    const user = userEvent.setup();
    const onPay = vi.fn(async (_values: { terms: boolean }) => {});
    render(<CheckoutForm {...props} terms="<p>Terms</p>" onPay={onPay} />);
    expect(screen.getByText('You agreed to the Terms and Conditions in your basket.')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'I agree to the Terms and Conditions' })).not.toBeInTheDocument();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Pay £6.50' }));
    expect(onPay).toHaveBeenCalledTimes(1);
    expect(onPay.mock.calls[0]?.[0]).toEqual(expect.objectContaining({ terms: true }));
    termsAgreement.reset();
  });

  it("says what is wrong with the card in the provider's words", async () => {
    const user = userEvent.setup();
    render(<CheckoutForm {...props} terms={null} onPay={vi.fn()} />);
    await user.type(screen.getByLabelText(/Card number/), 'abc');
    await user.click(screen.getByRole('button', { name: 'Pay £6.50' }));
    expect(await screen.findByText('Enter a valid card number')).toBeInTheDocument();
    expect(screen.getByText('Enter the expiry date as MM/YY')).toBeInTheDocument();
  });

  it("offers to save a card in the provider's own fields only where the provider keeps cards (decision 142)", async () => {
    const user = userEvent.setup();
    const onPay = vi.fn(async () => {});
    const hosted = <div data-testid="provider-fields" />;
    const { unmount } = render(<CheckoutForm {...props} terms={null} onPay={onPay} hostedCard={hosted} />);
    expect(screen.queryByRole('checkbox', { name: 'Save this card for future payments' })).toBeNull();
    unmount();
    render(<CheckoutForm {...props} terms={null} onPay={onPay} hostedCard={hosted} canSaveCard />);
    await user.type(screen.getByLabelText(/Address line 1/), '1 High Street');
    await user.type(screen.getByLabelText(/Town or city/), 'Harrogate');
    await user.type(screen.getByLabelText(/Postcode/), 'HG1 1AA');
    await user.click(screen.getByRole('checkbox', { name: 'Save this card for future payments' }));
    await user.click(screen.getByRole('button', { name: 'Pay £6.50' }));
    expect(onPay).toHaveBeenCalledWith(expect.objectContaining({ save_card: true }), 'new');
  });

  it('shows a payment error word for word', () => {
    render(<CheckoutForm {...props} terms={null} onPay={vi.fn()} error="Payment was declined" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Payment was declined');
  });
});
