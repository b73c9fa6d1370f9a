import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DatePicker } from './date-picker';

function picker(onChange = vi.fn()) {
  render(
    <DatePicker
      label="Date"
      value="2030-01-09"
      min="2030-01-08"
      onChange={onChange}
      marked={new Set(['2030-01-07', '2030-01-10', '2030-01-14'])}
      markedLabel="Days with sessions"
    />,
  );
  return onChange;
}

const cellFor = (grid: HTMLElement, day: number) =>
  within(grid)
    .getAllByRole('button')
    .find((b) => b.textContent?.replace(/\s/g, '') === String(day)) as HTMLElement;

describe('the date picker', () => {
  it('shows the date as DD-MM-YYYY in a 150 px field', () => {
    picker();
    const group = screen.getByRole('group', { name: 'Date' });
    expect(group.textContent).toContain('09-01-2030');
    expect(group).toHaveStyle({ width: '150px' });
  });

  it('starts weeks on Monday', async () => {
    const user = userEvent.setup();
    picker();
    await user.click(screen.getByRole('button', { name: /Calendar/ }));
    const grid = await screen.findByRole('grid');
    // The header row is hidden from screen readers: each day's own name says its weekday.
    const headers = [...grid.querySelectorAll('thead th')].map((h) => h.textContent);
    expect(headers).toEqual(['M', 'T', 'W', 'T', 'F', 'S', 'S']);
  });

  it('marks the days with sessions, says which they are, and disables past days', async () => {
    const user = userEvent.setup();
    picker();
    await user.click(screen.getByRole('button', { name: /Calendar/ }));
    const grid = await screen.findByRole('grid');
    expect(cellFor(grid, 10)).toHaveAttribute('data-marked', 'true');
    expect(cellFor(grid, 14)).toHaveAttribute('data-marked', 'true');
    expect(cellFor(grid, 11)).not.toHaveAttribute('data-marked');
    expect(cellFor(grid, 7)).toHaveAttribute('aria-disabled', 'true');
    expect(cellFor(grid, 8)).not.toHaveAttribute('aria-disabled');
    expect(screen.getByText('Days with sessions: 7, 10, 14')).toBeInTheDocument();
  });

  it('hands back the chosen day as YYYY-MM-DD', async () => {
    const user = userEvent.setup();
    const onChange = picker();
    await user.click(screen.getByRole('button', { name: /Calendar/ }));
    const grid = await screen.findByRole('grid');
    await user.click(cellFor(grid, 14));
    expect(onChange).toHaveBeenCalledWith('2030-01-14');
  });

  it('does not hand back a past day', async () => {
    const user = userEvent.setup();
    const onChange = picker();
    await user.click(screen.getByRole('button', { name: /Calendar/ }));
    const grid = await screen.findByRole('grid');
    await user.click(cellFor(grid, 7));
    expect(onChange).not.toHaveBeenCalled();
  });
});
