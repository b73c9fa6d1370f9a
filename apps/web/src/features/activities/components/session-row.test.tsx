import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { camelize } from '../../../lib/api';
import { occurrenceWire } from '../../../test/fixtures';
import type { Session } from '../api/get-timetable';
import { SessionRow } from './session-row';

const before = new Date('2030-01-07T06:00:00Z');
const after = new Date('2030-01-07T08:00:00Z');
const session = (overrides: Record<string, unknown> = {}) => camelize(occurrenceWire(overrides)) as unknown as Session;

function row(overrides: Record<string, unknown> = {}, now = before) {
  const onBook = vi.fn();
  render(<SessionRow session={session(overrides)} now={now} onBook={onBook} />);
  return onBook;
}

describe('a session row', () => {
  it('shows the day, the time range, the name, the instructors and the location', () => {
    row();
    expect(screen.getByText('Mon')).toBeInTheDocument();
    expect(screen.getByText('07:00 - 07:45')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Spin' })).toBeInTheDocument();
    expect(screen.getByText('with Sam Patel')).toBeInTheDocument();
    expect(screen.getByText('Studio 1')).toBeInTheDocument();
    expect(screen.getByText('£6.50')).toBeInTheDocument();
  });

  it('prefers the friendly location name', () => {
    row({ friendly_location_name: 'The spin studio' });
    expect(screen.getByText('The spin studio')).toBeInTheDocument();
    expect(screen.queryByText('Studio 1')).not.toBeInTheDocument();
  });

  it('offers Book with the places left when the session can be booked', async () => {
    const onBook = row();
    expect(screen.getByText('12 available')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Book Spin at 07:00 - 07:45' }));
    expect(onBook).toHaveBeenCalledTimes(1);
  });

  it('warns when few places are left (20% or less)', () => {
    row({ capacity: { available: 4, consumed: 16, maximum: 20 } });
    expect(screen.getByText(/Low availability/)).toBeInTheDocument();
    expect(screen.getByText('4 available')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Book/ })).toBeInTheDocument();
  });

  it('shows Sold out and no Book button when full', () => {
    row({ capacity: { available: 0, consumed: 20, maximum: 20 }, bookable_action: { action: null, message: 'Sold out' } });
    expect(screen.getByText('Sold out')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Book/ })).not.toBeInTheDocument();
  });

  it('shows Past session once the session has ended', () => {
    row({}, after);
    expect(screen.getByText('Past session')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Book/ })).not.toBeInTheDocument();
  });

  it.each([
    ['cancel_booking', 'Booked'],
    ['cancel_reservation', 'Reserved'],
    ['leave_waitlist', 'On waitlist'],
    ['join_waitlist', 'Join waitlist'],
  ])('shows the tag of %s and no Book button', (action, label) => {
    row({ bookable_action: { action, message: null } });
    expect(screen.getByText(label)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Book/ })).not.toBeInTheDocument();
  });

  it('shows Busy at this time when another booking overlaps', () => {
    row({ bookable_action: { action: null, message: 'You already have a session booked at this time' } });
    expect(screen.getByText('Busy at this time')).toBeInTheDocument();
  });

  it("shows the server's message for other reasons", () => {
    row({ bookable_action: { action: null, message: 'Booking has closed for this session' } });
    expect(screen.getByText('Booking has closed for this session')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Book/ })).not.toBeInTheDocument();
  });
});
