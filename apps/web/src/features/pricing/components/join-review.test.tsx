import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { money } from '../../../test/fixtures';
import { JoinReview } from './join-review';

const plan = { id: 7, name: 'Monthly Flex', description: null, price: money(3000), billingPeriod: 'monthly', held: null } as const;
const venues = [
  { id: 1, slug: 'harrogate', name: 'Harrogate Leisure Centre' },
  { id: 2, slug: 'ripon', name: 'Ripon Pool and Fitness' },
];
const props = { plan, today: '2026-11-27', adding: false, onClose: vi.fn() };

describe('the membership join review (issue 13, defect 14)', () => {
  it('waits for the venues, then offers the customer’s own home venue first, and sends the one shown', async () => {
    const onConfirm = vi.fn();
    const view = render(<JoinReview {...props} venues={null} homeVenueSlug="ripon" onConfirm={onConfirm} />);
    const review = screen.getByRole('dialog', { name: 'Join Monthly Flex' });
    expect(within(review).getByRole('button', { name: 'Add to basket' })).toBeDisabled();
    view.rerender(<JoinReview {...props} venues={venues} homeVenueSlug="ripon" onConfirm={onConfirm} />);
    expect(within(review).getByRole('button', { name: /Home venue/ })).toHaveTextContent('Ripon Pool and Fitness');
    within(review).getByRole('button', { name: 'Add to basket' }).click();
    expect(onConfirm).toHaveBeenCalledWith(2);
  });
});
