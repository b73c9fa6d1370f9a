import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { SlideOver, type SlideOverSize } from './slide-over';

function Harness({ size, closeOnBackdrop, onClose }: { size?: SlideOverSize; closeOnBackdrop?: boolean; onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  const [second, setSecond] = useState(false);
  return (
    <>
      <Button onPress={() => setOpen(true)}>Open details</Button>
      <SlideOver
        isOpen={open}
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
        title="Session details"
        closeLabel="Close"
        size={size}
        closeOnBackdrop={closeOnBackdrop}
      >
        <Button onPress={() => setSecond(true)}>Choose tickets</Button>
        <SlideOver isOpen={second} onClose={() => setSecond(false)} title="Choose tickets" closeLabel="Close tickets" size="small">
          <Button>Add to basket</Button>
        </SlideOver>
      </SlideOver>
    </>
  );
}

const backdropOf = (dialog: HTMLElement) => dialog.closest('[data-slide-over-backdrop]') as HTMLElement;

describe('the slide-over panel', () => {
  it.each([
    ['small', '560px'],
    ['medium', '640px'],
    ['large', '720px'],
  ] as const)('is %s: at most %s wide', async (size, width) => {
    const user = userEvent.setup();
    render(<Harness size={size} />);
    await user.click(screen.getByRole('button', { name: 'Open details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Session details' });
    expect(dialog.parentElement).toHaveStyle({ maxWidth: width });
  });

  it('slides in after it mounts, takes focus, and gives focus back when closed', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open details' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Session details' });
    await waitFor(() => expect(dialog.querySelector('[data-state]')).toHaveAttribute('data-state', 'open'));
    expect(dialog.contains(document.activeElement)).toBe(true);

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    // It stays on screen while it slides out, then goes.
    expect(dialog.querySelector('[data-state]')).toHaveAttribute('data-state', 'closed');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('keeps focus inside while open', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Session details' });
    for (let i = 0; i < 4; i++) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
  });

  it('closes on Escape', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Open details' }));
    await screen.findByRole('dialog', { name: 'Session details' });
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('closes on a backdrop click', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Open details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Session details' });
    await user.click(backdropOf(dialog));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('stays open on a backdrop click when the caller prevents it, and still closes on Escape', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Harness closeOnBackdrop={false} onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Open details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Session details' });
    await user.click(backdropOf(dialog));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Session details' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('stacks: a panel opened from a panel sits on top, and Escape closes only the top one', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open details' }));
    const first = await screen.findByRole('dialog', { name: 'Session details' });
    await user.click(within(first).getByRole('button', { name: 'Choose tickets' }));
    const second = await screen.findByRole('dialog', { name: 'Choose tickets' });
    await waitFor(() => expect(second.contains(document.activeElement)).toBe(true));

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Choose tickets' })).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Session details' })).toBeInTheDocument();
    await waitFor(() =>
      expect(within(screen.getByRole('dialog', { name: 'Session details' })).getByRole('button', { name: 'Choose tickets' })).toHaveFocus(),
    );
  });
});
