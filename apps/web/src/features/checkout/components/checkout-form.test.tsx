import { render, screen, within } from '@testing-library/react';
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

  it('lists what each empty field needs in a focused error summary linking to the field (issue 13, defect 7)', async () => {
    const user = userEvent.setup();
    const onPay = vi.fn(async () => {});
    render(<CheckoutForm {...props} defaultName={{ firstName: '', lastName: 'Morgan' }} terms="<p>Terms</p>" onPay={onPay} />);
    await user.click(screen.getByRole('button', { name: 'Pay £6.50' }));
    const summary = await screen.findByRole('region', { name: 'There is a problem' });
    expect(summary).toHaveFocus();
    expect(
      within(summary)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual([
      'Enter your first name',
      'Enter the first line of your address',
      'Enter your town or city',
      'Enter your postcode',
      'Enter your card number',
      'Enter the expiry date',
      'Enter the security code',
      'Enter the name on the card',
      'You must agree to the Terms and Conditions.',
    ]);
    expect(screen.queryByText(/Must contain/)).not.toBeInTheDocument();
    await user.click(within(summary).getByRole('link', { name: 'Enter your postcode' }));
    expect(screen.getByLabelText(/Postcode/)).toHaveFocus();
    expect(onPay).not.toHaveBeenCalled();
  });

  it('requires the terms when the operator has terms', async () => {
    const user = userEvent.setup();
    const onPay = vi.fn(async () => {});
    render(<CheckoutForm {...props} terms="<p>Terms</p>" onPay={onPay} />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Pay £6.50' }));
    // At the checkbox and in the error summary.
    expect(await screen.findAllByText('You must agree to the Terms and Conditions.')).toHaveLength(2);
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
    // At the field and in the error summary.
    expect(await screen.findAllByText('Enter a valid card number')).toHaveLength(2);
    expect(screen.getAllByText('Enter the expiry date')).toHaveLength(2);
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
