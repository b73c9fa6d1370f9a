import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient } from '../../../test/render';
import { basketKeys } from '../keys';
import { HoldCountdown } from './hold-countdown';

const start = Date.parse('2030-01-01T10:00:00.000Z');

function renderClock(seconds: number) {
  const queryClient = createTestQueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  render(
    <QueryClientProvider client={queryClient}>
      <HoldCountdown expiresAt={new Date(start + seconds * 1000).toISOString()} />
    </QueryClientProvider>,
  );
  return { invalidate };
}

const liveRegion = () => document.querySelector('[aria-live="polite"]') as HTMLElement;

describe('the basket hold countdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(start);
  });
  afterEach(() => vi.useRealTimers());

  it('ticks every second with its reason, hidden from screen readers between thresholds', () => {
    renderClock(900);
    const clock = screen.getByTestId('hold-clock');
    expect(clock).toHaveTextContent('We are holding your places for 15:00');
    expect(clock).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText('When the time runs out, your places are released for others to book.')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1000));
    expect(clock).toHaveTextContent('We are holding your places for 14:59');
    expect(liveRegion()).toHaveTextContent('');
  });

  it('announces 5 minutes and 1 minute politely, then says it has run out and reloads the basket', () => {
    const { invalidate } = renderClock(302);
    act(() => vi.advanceTimersByTime(1000));
    expect(liveRegion()).toHaveTextContent('');
    act(() => vi.advanceTimersByTime(1000));
    expect(liveRegion()).toHaveTextContent('Your places are held for 5 more minutes.');
    act(() => vi.advanceTimersByTime(240_000));
    expect(liveRegion()).toHaveTextContent('Your places are held for 1 more minute.');
    expect(invalidate).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(60_000));
    expect(liveRegion()).toHaveTextContent('Your hold has run out and your places have been released.');
    expect(screen.queryByTestId('hold-clock')).not.toBeInTheDocument();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: basketKeys.all });
  });
});
