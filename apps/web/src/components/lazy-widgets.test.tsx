import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { LazyDatePicker } from './lazy-date-picker';
import { LazySelectField } from './lazy-select-field';
import { LoadOnUse } from './load-on-use';

// Decision 294: the date picker and the select paint as placeholders and load their code when first used.

function datePicker(onChange = vi.fn()) {
  render(
    <>
      <button type="button">Before</button>
      <LazyDatePicker label="Date" value="2030-01-09" min="2030-01-08" onChange={onChange} />
    </>,
  );
  return onChange;
}

describe('the date picker before its code has come', () => {
  it('paints the field the picker paints: the Date group with DD-MM-YYYY, 150 px wide, and its Calendar button', () => {
    datePicker();
    const group = screen.getByRole('group', { name: 'Date' });
    expect(group.textContent).toBe('09-01-2030');
    expect(group).toHaveStyle({ width: '150px' });
    expect(within(group).getByRole('button', { name: 'Calendar Date' })).toBeInTheDocument();
    expect(screen.queryByRole('spinbutton')).not.toBeInTheDocument();
  });

  it('opens the calendar when its button is pressed, and hands back the chosen day', async () => {
    const user = userEvent.setup();
    const onChange = datePicker();
    await user.click(screen.getByRole('button', { name: /Calendar/ }));
    const grid = await screen.findByRole('grid');
    const day14 = within(grid)
      .getAllByRole('button')
      .find((b) => b.textContent?.replace(/\s/g, '') === '14') as HTMLElement;
    await user.click(day14);
    expect(onChange).toHaveBeenCalledWith('2030-01-14');
  });

  it('keeps focus when tabbed to: the picker takes its place with focus in its first segment', async () => {
    const user = userEvent.setup();
    datePicker();
    await user.click(screen.getByRole('button', { name: 'Before' }));
    await user.tab();
    await waitFor(() => expect(document.activeElement).toHaveAttribute('role', 'spinbutton'));
    expect(screen.getByRole('group', { name: 'Date' })).toContainElement(document.activeElement as HTMLElement);
  });
});

describe('the select before its code has come', () => {
  const options = [
    { value: 'any', label: 'Any time' },
    { value: '12:00', label: '12:00' },
  ];

  it('paints a button named as the select’s, showing the choice, and opens the list with an arrow key', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<LazySelectField label="Starting from" value="any" options={options} onChange={onChange} />);
    const button = screen.getByRole('button', { name: 'Any time Starting from' });
    expect(button).toHaveAttribute('aria-haspopup', 'listbox');
    button.focus();
    await user.keyboard('{ArrowDown}');
    await user.click(await screen.findByRole('option', { name: '12:00' }));
    expect(onChange).toHaveBeenCalledWith('12:00');
  });

  it('opens with an arrow key on the select itself once its code has come in on focus', async () => {
    await import('./select-field');
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<LazySelectField label="Starting from" value="any" options={options} onChange={onChange} />);
    screen.getByRole('button', { name: 'Any time Starting from' }).focus();
    // The select's own button (React Aria marks its parts) has taken the placeholder's place, with focus.
    await waitFor(() => expect(document.activeElement).toHaveAttribute('data-rac'));
    await user.keyboard('{ArrowDown}');
    await user.click(await screen.findByRole('option', { name: '12:00' }));
    expect(onChange).toHaveBeenCalledWith('12:00');
  });
});

describe('a widget loaded on use', () => {
  it('mounts it again, open, when a press reached the placeholder just before it came in on a focus', async () => {
    // The race a loaded machine showed: the focus's update committed first, then the press's; a widget reads whether
    // to open only as it mounts.
    let pressPlaceholder: (() => void) | undefined;
    const mounts: boolean[] = [];
    function Widget({ open }: { open: boolean }) {
      // biome-ignore lint/correctness/useExhaustiveDependencies: what the widget was mounted with, once per mount
      useEffect(() => void mounts.push(open), []);
      return <button type="button">{open ? 'open' : 'closed'}</button>;
    }
    render(
      <LoadOnUse
        preload={async () => undefined}
        placeholder={(trigger, open) => {
          pressPlaceholder = open;
          return (
            <button type="button" {...trigger}>
              placeholder
            </button>
          );
        }}
      >
        {(open) => <Widget open={open} />}
      </LoadOnUse>,
    );
    act(() => screen.getByRole('button', { name: 'placeholder' }).focus());
    expect(await screen.findByRole('button', { name: 'closed' })).toBeInTheDocument();
    act(() => pressPlaceholder?.());
    expect(await screen.findByRole('button', { name: 'open' })).toBeInTheDocument();
    expect(mounts).toEqual([false, true]);
  });
});
