import type { FilterView } from '@app/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { camelize } from '../../../lib/api';
import { occurrenceWire } from '../../../test/fixtures';
import { setViewport } from '../../../test/render';
import type { Session } from '../api/get-timetable';
import { useRowFilters } from '../filters';
import { type RowView, sessionRow } from '../rows';
import { FiltersPanel, forgetFiltersPanelChoice } from './filters-panel';

const now = new Date('2030-01-07T05:00:00Z');
const at = (time: string) => ({
  utc: `2030-01-07T${time}:00.000Z`,
  local: `2030-01-07T${time}:00+00:00`,
  timezone: 'Europe/London',
  text: `2030-01-07 ${time}:00`,
  format_24_hour: time,
});
const session = (id: string, start: string, end: string, over: Record<string, unknown> = {}) =>
  sessionRow(camelize(occurrenceWire({ id, starts_at: at(start), ends_at: at(end), ...over })) as unknown as Session, now);

const day: RowView[] = [
  session('a', '07:00', '07:45', { instructors: [{ id: 1, name: 'Sam Patel' }], tags: ['Cardio', 'All levels'] }),
  session('b', '12:00', '12:45', { instructors: [{ id: 3, name: 'Chris Okafor' }], tags: ['Beginners'] }),
  session('c', '18:30', '19:15', {
    instructors: [{ id: 2, name: 'Jo Williams' }],
    tags: ['Cardio'],
    capacity: { available: 0, consumed: 20, maximum: 20 },
    bookable_action: { action: 'join_waitlist', message: null },
  }),
];

function Harness({ view, rows }: { view: FilterView; rows: RowView[] }) {
  const { filters, setFilters, choices, shown } = useRowFilters(view, rows);
  return (
    <>
      <FiltersPanel view={view} value={filters} onChange={setFilters} choices={choices} shown={shown.length} total={rows.length} />
      <ul aria-label="Rows">
        {shown.map((r) => (
          <li key={r.id}>{r.timeRange}</li>
        ))}
      </ul>
    </>
  );
}

/** The filters live in the address, so the harness sits in a router (at `at`, a day's path with its query). */
function renderHarness(view: FilterView, at = '/location/harrogate/spin/2030-01-07', rows = day) {
  const router = createMemoryRouter(
    [{ path: '/location/:venueSlug/:activitySlug/:dateSlug', element: <Harness view={view} rows={rows} /> }],
    {
      initialEntries: [at],
    },
  );
  return render(<RouterProvider router={router} />);
}

const shownTimes = () =>
  within(screen.getByRole('list', { name: 'Rows' }))
    .queryAllByRole('listitem')
    .map((li) => li.textContent);

async function choose(label: string, option: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: new RegExp(`${label}$`) }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('the filters panel', () => {
  beforeEach(() => {
    setViewport('desktop');
    forgetFiltersPanelChoice();
  });

  it('shows every class by default, and says so', () => {
    renderHarness('classes');
    expect(shownTimes()).toEqual(['07:00 - 07:45', '12:00 - 12:45', '18:30 - 19:15']);
    expect(screen.getByText('Showing 3 of 3')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('narrows by start and end time, offering the day’s own times', async () => {
    renderHarness('classes');
    await choose('Starting from', '12:00');
    expect(shownTimes()).toEqual(['12:00 - 12:45', '18:30 - 19:15']);
    await choose('Ending by', '12:45');
    expect(shownTimes()).toEqual(['12:00 - 12:45']);
    expect(screen.getByText('Showing 1 of 3')).toBeInTheDocument();
  });

  it('takes a session running to midnight as ending at 23:59 (the 1439-minute cap), not at 00:00', async () => {
    renderHarness('classes', undefined, [...day, session('d', '23:00', '00:00')]);
    await userEvent.click(screen.getByRole('button', { name: /Ending by$/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Any time', '07:45', '12:45', '19:15', '23:59']);
    await userEvent.click(screen.getByRole('option', { name: '19:15' }));
    expect(shownTimes()).toEqual(['07:00 - 07:45', '12:00 - 12:45', '18:30 - 19:15']);
  });

  it('narrows by the actions to show', async () => {
    renderHarness('classes');
    await choose('Show', 'Full, with a waitlist');
    expect(shownTimes()).toEqual(['18:30 - 19:15']);
    await choose('Show', 'Sessions I can book');
    expect(shownTimes()).toEqual(['07:00 - 07:45', '12:00 - 12:45']);
  });

  it('narrows by instructor and by tag, and clears back to everything', async () => {
    const user = userEvent.setup();
    renderHarness('classes');
    const instructors = screen.getByRole('group', { name: 'Instructors' });
    expect(
      within(instructors)
        .getAllByRole('checkbox')
        .map((c) => c.closest('label')?.textContent),
    ).toEqual(['Chris Okafor', 'Jo Williams', 'Sam Patel']);
    await user.click(within(instructors).getByRole('checkbox', { name: 'Jo Williams' }));
    expect(shownTimes()).toEqual(['18:30 - 19:15']);
    await user.click(within(instructors).getByRole('checkbox', { name: 'Jo Williams' }));
    await user.click(within(screen.getByRole('group', { name: 'Tags' })).getByRole('checkbox', { name: 'Cardio' }));
    expect(shownTimes()).toEqual(['07:00 - 07:45', '18:30 - 19:15']);
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(shownTimes()).toHaveLength(3);
    // The button is gone; focus goes back to the panel's toggle, not to the page (issue 13, defect 10).
    await waitFor(() => expect(screen.getByRole('button', { name: 'Filter sessions' })).toHaveFocus());
  });

  it('starts folded on a phone, and opens from its heading', async () => {
    setViewport('mobile');
    renderHarness('classes');
    const toggle = screen.getByRole('button', { name: 'Filter sessions' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('group', { name: 'Instructors' })).toBeVisible();
  });

  it('stays open on the next day once the customer opened it on a phone (issue 13, defect 9)', async () => {
    setViewport('mobile');
    const first = renderHarness('classes');
    await userEvent.click(screen.getByRole('button', { name: 'Filter sessions' }));
    // A day with no sessions has no panel: the next day's panel is a new one.
    first.unmount();
    renderHarness('classes');
    expect(screen.getByRole('button', { name: 'Filter sessions' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('offers no instructor or tag filter for court slots, and shows only bookable slots by default', () => {
    renderHarness('adHoc');
    expect(screen.queryByRole('group', { name: 'Instructors' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Tags' })).not.toBeInTheDocument();
    expect(shownTimes()).toEqual(['07:00 - 07:45', '12:00 - 12:45']);
    expect(screen.getByRole('button', { name: /Show$/ })).toHaveTextContent('Sessions I can book');
  });
});
