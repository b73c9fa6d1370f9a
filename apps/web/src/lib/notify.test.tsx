import { act, render, screen } from '@testing-library/react';
import toast, { Toaster } from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api';
import { notifyError, notifyInfo, notifySuccess, toastDurations } from './notify';

describe('error notices', () => {
  it("titles a 422 'Validation errors' and lists each field message", async () => {
    render(<Toaster />);
    notifyError(
      new ApiError(422, {
        message: 'First',
        fieldErrors: { first_name: ['First name is required'], email: ['Must be a valid email address'] },
      }),
    );
    expect(await screen.findByText('Validation errors')).toBeInTheDocument();
    expect(screen.getByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Must be a valid email address')).toBeInTheDocument();
  });

  it("titles other failures 'Error' with the message", async () => {
    render(<Toaster />);
    notifyError(new ApiError(409, { message: 'This session is already in your basket.' }));
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByText('This session is already in your basket.')).toBeInTheDocument();
  });
});

describe('toast durations', () => {
  afterEach(() => {
    act(() => toast.remove());
    vi.useRealTimers();
  });

  it('closes a toast after 5000 ms by default', () => {
    vi.useFakeTimers();
    render(<Toaster toastOptions={{ duration: toastDurations.normal }} />);
    act(() => {
      notifySuccess('Saved for five seconds');
    });
    expect(screen.getByText('Saved for five seconds')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(4900));
    expect(screen.getByText('Saved for five seconds')).toBeInTheDocument();
    // Dismissed at 5000 ms, then taken out of the page once its exit animation (1 s) is over.
    act(() => vi.advanceTimersByTime(200));
    act(() => vi.advanceTimersByTime(1100));
    expect(screen.queryByText('Saved for five seconds')).not.toBeInTheDocument();
  });

  it('never closes a toast whose duration is 0', () => {
    vi.useFakeTimers();
    render(<Toaster toastOptions={{ duration: toastDurations.normal }} />);
    act(() => {
      notifyInfo('Here until dismissed', toastDurations.sticky);
    });
    act(() => vi.advanceTimersByTime(600_000));
    expect(screen.getByText('Here until dismissed')).toBeInTheDocument();
  });
});
