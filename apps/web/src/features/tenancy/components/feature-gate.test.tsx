import { screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { clientWire } from '../../../test/fixtures';
import { envelope, mockApi, renderRouter } from '../../../test/render';
import { FeatureGate } from './feature-gate';

function openCourses(features: Record<string, boolean>) {
  mockApi({ 'GET /api/client': envelope(clientWire({}, features)) });
  renderRouter(
    createMemoryRouter(
      [{ element: <FeatureGate feature="campsAndCoursesBookingEnabled" />, children: [{ path: 'courses/*', element: <h1>Courses</h1> }] }],
      { initialEntries: ['/courses/location/shrewsbury'] },
    ),
  );
}

// Issue 13, defect 15: a page of a feature the client switched off is not there when reached by its address.
describe('a switched-off feature', () => {
  it('shows the not-found page in place of its pages', async () => {
    openCourses({ camps_and_courses_booking_enabled: false });
    expect(await screen.findByRole('heading', { name: "Whoops! Looks like you've gone offside." })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Courses' })).not.toBeInTheDocument();
  });

  it('shows its pages when it is on', async () => {
    openCourses({ camps_and_courses_booking_enabled: true });
    expect(await screen.findByRole('heading', { name: 'Courses' })).toBeInTheDocument();
  });
});
