import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, type TestApp } from '../../test/harness';

// Issue 13, brand and content (decisions 170 and 171): what the operator's pages show, from the seed.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string) => t.request({ method: 'GET', url });

describe("a client's and its venues' content", () => {
  it('gives each client its home page welcome with a photo in two widths', async () => {
    const client = dataOf(await get('/api/client'));
    expect(client.hero).toMatchObject({ title: 'Get active with Northfield Leisure', text: expect.stringContaining('Harrogate') });
    expect(client.hero.photo).toEqual({
      src: '/images/hero/northfield-480.png',
      srcset: '/images/hero/northfield-480.png 480w, /images/hero/northfield-960.png 960w',
      width: 960,
      height: 540,
      alt: expect.any(String),
    });
  });

  it("gives a venue's contact, facilities, accessibility, parking, arrival information and photo", async () => {
    const venue = dataOf(await get('/api/activities/venues/harrogate'));
    expect(venue).toMatchObject({
      phone: '01234 567890',
      email: 'harrogate@leisure.example',
      facilities: expect.arrayContaining(['Gym', '25 m pool']),
      accessibility: expect.stringContaining('Step-free'),
      parking: expect.stringContaining('car park'),
      arrival_info: expect.stringContaining('arrive 10 minutes before'),
      photo: { src: '/images/venues/harrogate-480.png', alt: 'The entrance of Harrogate Leisure Centre' },
    });
  });

  it('gives the top-level activities a photo', async () => {
    const list = dataOf(await get('/api/activities/venue/harrogate/categories'));
    const fitness = list.find((c: { slug: string }) => c.slug === 'fitness-classes');
    expect(fitness.photo).toMatchObject({ src: '/images/activities/fitness-classes-480.png', alt: 'A spin class in the studio' });
  });

  it('names ticket types with their age bands', async () => {
    const types = dataOf(await get('/api/activities/venue/harrogate/activity-category/swimming/activity/public-swim/tickets'));
    expect(Object.values(types).map((x) => (x as { name: string }).name)).toEqual(['Adult (16+)', 'Junior (5-15)', 'Family (4 people)']);
  });
});
