import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RouteFocus } from './route-focus';

function Shell() {
  return (
    <>
      <main id="main-content" tabIndex={-1}>
        <Outlet />
      </main>
      <RouteFocus />
    </>
  );
}

const router = () =>
  createMemoryRouter(
    [
      {
        element: <Shell />,
        children: [
          {
            path: '/',
            element: (
              <>
                <h1>Choose a venue</h1>
                <Link to="/location/harrogate">Harrogate</Link>
                <Link to="/?q=1">Same page</Link>
              </>
            ),
          },
          {
            path: '/location/:venue',
            element: (
              <>
                <h1>Choose an activity</h1>
                <div data-keep-focus>
                  <Link to="/location/ripon">Ripon</Link>
                </div>
              </>
            ),
          },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );

describe('focus on navigation (issue 13, defect 10)', () => {
  it('moves to the new page heading, not the body, and leaves a first load and a query change alone', async () => {
    const user = userEvent.setup();
    render(<RouterProvider router={router()} />);
    expect(screen.getByRole('heading', { name: 'Choose a venue' })).not.toHaveFocus();
    await user.click(screen.getByRole('link', { name: 'Same page' }));
    expect(screen.getByRole('heading', { name: 'Choose a venue' })).not.toHaveFocus();
    await user.click(screen.getByRole('link', { name: 'Harrogate' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Choose an activity' })).toHaveFocus());
  });

  it('keeps focus on a control marked to keep it (the day strip)', async () => {
    const user = userEvent.setup();
    render(<RouterProvider router={router()} />);
    await user.click(screen.getByRole('link', { name: 'Harrogate' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Choose an activity' })).toHaveFocus());
    const ripon = screen.getByRole('link', { name: 'Ripon' });
    await user.click(ripon);
    await new Promise((r) => setTimeout(r, 50));
    expect(ripon).toHaveFocus();
  });
});
