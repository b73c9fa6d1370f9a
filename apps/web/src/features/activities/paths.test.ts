import { describe, expect, it } from 'vitest';
import { activityPath } from './paths';

describe('activityPath', () => {
  it('sends courses and camps to their own pages, and every other kind to a day under /location', () => {
    expect(activityPath('harrogate', { slug: 'swimming-lessons', bookingType: 'courses' }, '2030-01-07')).toBe(
      '/courses/location/harrogate/swimming-lessons',
    );
    expect(activityPath('harrogate', { slug: 'multi-sport-camp', bookingType: 'camps' }, '2030-01-07')).toBe(
      '/camps/location/harrogate/multi-sport-camp',
    );
    expect(activityPath('harrogate', { slug: 'spin', bookingType: 'classes' }, '2030-01-07')).toBe('/location/harrogate/spin/2030-01-07');
    expect(activityPath('harrogate', { slug: 'fitness', bookingType: null }, '2030-01-07')).toBe('/location/harrogate/fitness/2030-01-07');
  });
});
