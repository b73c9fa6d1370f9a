import { render, screen } from '@testing-library/react';
import { Toaster } from 'react-hot-toast';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { notifyError } from './notify';

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
