import { act, render, screen } from '@testing-library/react';
import toast, { Toaster } from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppToaster } from '../app/providers';
import { ApiError } from './api';
import { notifyError, notifyInfo, notifySuccess, toastDurations } from './notify';

describe('the shell toaster', () => {
  // First in the file: the toast library is loaded once per module, so no earlier test may have raised a notice.
  it('is not mounted, nor its code loaded, until the first notice, and then shows it', async () => {
    render(<AppToaster />);
    expect(document.querySelector('[data-rht-toaster]')).toBeNull();
    await act(async () => {
      await notifySuccess('Saved');
    });
    expect(await screen.findByText('Saved')).toBeInTheDocument();
  });
});

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

  it('closes a toast after 5000 ms by default', async () => {
    vi.useFakeTimers();
    render(<Toaster toastOptions={{ duration: toastDurations.normal }} />);
    // The toast library loads with the first notice (decision 210): the notice is raised once it has.
    await act(async () => {
      await notifySuccess('Saved for five seconds');
    });
    expect(screen.getByText('Saved for five seconds')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(4900));
    expect(screen.getByText('Saved for five seconds')).toBeInTheDocument();
    // Dismissed at 5000 ms, then taken out of the page once its exit animation (1 s) is over.
    act(() => vi.advanceTimersByTime(200));
    act(() => vi.advanceTimersByTime(1100));
    expect(screen.queryByText('Saved for five seconds')).not.toBeInTheDocument();
  });

  it('never closes a toast whose duration is 0', async () => {
    vi.useFakeTimers();
    render(<Toaster toastOptions={{ duration: toastDurations.normal }} />);
    await act(async () => {
      await notifyInfo('Here until dismissed', toastDurations.sticky);
    });
    act(() => vi.advanceTimersByTime(600_000));
    expect(screen.getByText('Here until dismissed')).toBeInTheDocument();
  });
});
