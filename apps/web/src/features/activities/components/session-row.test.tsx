import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { camelize } from '../../../lib/api';
import { occurrenceWire } from '../../../test/fixtures';
import { createTestQueryClient, mockApi } from '../../../test/render';
import type { Session } from '../api/get-timetable';
import { sessionRow } from '../rows';
import { SessionRow } from './session-row';

const before = new Date('2030-01-07T06:00:00Z');
const after = new Date('2030-01-07T08:00:00Z');
const session = (overrides: Record<string, unknown> = {}) => camelize(occurrenceWire(overrides)) as unknown as Session;

function row(overrides: Record<string, unknown> = {}, { now = before, mode = 'select' as 'select' | 'check', chosen = false } = {}) {
  mockApi({});
  const onChoose = vi.fn();
  const onDetails = vi.fn();
  const { container } = render(
    <QueryClientProvider client={createTestQueryClient()}>
      {/* A waitlist button carries its action on after a login, which reads the page's address. */}
      <MemoryRouter>
        <SessionRow row={sessionRow(session(overrides), now)} mode={mode} chosen={chosen} onChoose={onChoose} onDetails={onDetails} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const article = container.querySelector('article') as HTMLElement;
  return { onChoose, onDetails, state: () => article.dataset.state };
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

  it('shows the price to 2 decimals from its value (issue 13, defect 1)', () => {
    row({ price: { value: 650, formatted: '£6.5', currency: 'GBP' } });
    expect(screen.getByText('£6.50')).toBeInTheDocument();
    expect(screen.queryByText('£6.5')).not.toBeInTheDocument();
  });

  it('prefers the friendly location name', () => {
    row({ friendly_location_name: 'The spin studio' });
    expect(screen.getByText('The spin studio')).toBeInTheDocument();
    expect(screen.queryByText('Studio 1')).not.toBeInTheDocument();
  });

  it('is selectable with the places left, and Book chooses it', async () => {
    const { onChoose, state } = row();
    expect(state()).toBe('selectable');
    expect(screen.getByText('12 available')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Book Spin at 07:00 - 07:45' }));
    expect(onChoose).toHaveBeenCalledTimes(1);
  });

  it('is selected while it is the chosen one', () => {
    const { state } = row({}, { chosen: true });
    expect(state()).toBe('selected');
  });

  it('is checkable and checked when several are picked at once (court slots)', async () => {
    const { onChoose, state } = row({}, { mode: 'check' });
    expect(state()).toBe('checkable');
    const box = screen.getByRole('checkbox', { name: 'Choose Spin at 07:00 - 07:45' });
    expect(box).not.toBeChecked();
    await userEvent.click(box);
    expect(onChoose).toHaveBeenCalledTimes(1);
  });

  it('shows a checked slot as checked', () => {
    const { state } = row({}, { mode: 'check', chosen: true });
    expect(state()).toBe('checked');
    expect(screen.getByRole('checkbox', { name: 'Choose Spin at 07:00 - 07:45' })).toBeChecked();
  });

  it('warns when few places are left (20% or less)', () => {
    row({ capacity: { available: 4, consumed: 16, maximum: 20 } });
    expect(screen.getByText(/Low availability/)).toBeInTheDocument();
    expect(screen.getByText('4 available')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Book/ })).toBeInTheDocument();
  });

  it('is disabled and says Full when full, with nothing to choose', () => {
    const { state } = row({
      capacity: { available: 0, consumed: 20, maximum: 20 },
      bookable_action: { action: null, message: 'Sold out' },
    });
    expect(state()).toBe('disabled');
    expect(screen.getByText('Full')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Book/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('shows Past session once the session has ended, with no waitlist button', () => {
    row({ bookable_action: { action: 'join_waitlist', message: null } }, { now: after });
    expect(screen.getByText('Past session')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Book/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /waitlist/ })).not.toBeInTheDocument();
  });

  it.each([
    ['cancel_booking', 'Booked'],
    ['cancel_reservation', 'Reserved'],
  ])('shows the tag of %s and no Book button', (action, label) => {
    row({ bookable_action: { action, message: null } });
    expect(screen.getByText(label)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Book/ })).not.toBeInTheDocument();
  });

  it('says Full and how long the waitlist is, and offers Join waitlist (issue 13, defect 6)', () => {
    row({
      capacity: { available: 0, consumed: 20, maximum: 20 },
      bookable_action: { action: 'join_waitlist', message: null },
      waitlist: { maximum: 5, available: 2, consumed: 3 },
    });
    expect(screen.getByText('Full', { selector: 'p', exact: false })).toHaveTextContent('Full, 3 on the waitlist');
    expect(screen.queryByText('Join waitlist', { selector: 'p' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Join waitlist for Spin at 07:00 - 07:45' })).toBeInTheDocument();
  });

  it('offers Leave waitlist to a customer on the waitlist', () => {
    row({ bookable_action: { action: 'leave_waitlist', message: null } });
    expect(screen.getByText('On waitlist')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leave waitlist for Spin at 07:00 - 07:45' })).toBeInTheDocument();
  });

  it("shows a waiting customer their place in the queue, from the API's waitlist_position", () => {
    row({ bookable_action: { action: 'leave_waitlist', message: null }, waitlist_position: 3 });
    expect(screen.getByText('On waitlist', { selector: 'p', exact: false })).toHaveTextContent('On waitlist, 3rd in the queue');
    expect(screen.getByRole('button', { name: 'Leave waitlist for Spin at 07:00 - 07:45' })).toBeInTheDocument();
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

  it('opens its details', async () => {
    const { onDetails } = row();
    await userEvent.click(screen.getByRole('button', { name: 'Details of Spin at 07:00 - 07:45' }));
    expect(onDetails).toHaveBeenCalledTimes(1);
  });
});
