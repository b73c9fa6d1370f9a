import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const search = (query: string, app = t) => app.request({ method: 'GET', url: `/api/activities/venues/search?${query}` });

describe('venue search with the embedded geocoder', () => {
  it('finds venues near a town, nearest first, with distances', async () => {
    const res = dataOf(await search('search=Harrogate&radius=15'));
    expect(res.searched).toMatchObject({ label: 'Harrogate' });
    expect(res.venues.map((v: { slug: string }) => v.slug)).toEqual(['harrogate', 'knaresborough', 'ripon']);
    expect(res.venues[1].distance_miles).toBeGreaterThan(0);
    expect(res.no_venues_found).toBe(false);
  });

  it('uses the default radius of 5 miles', async () => {
    const res = dataOf(await search('search=Ripon'));
    expect(res.radius).toBe(5);
    expect(res.venues.map((v: { slug: string }) => v.slug)).toEqual(['ripon']);
  });

  it("finds a venue's own postcode and its district", async () => {
    expect(dataOf(await search('postcode=hg42ax')).venues[0].slug).toBe('ripon');
    expect(dataOf(await search('postcode=HG4 2AX')).searched.label).toBe('HG4 2AX');
  });

  it('searches around the customer’s own location', async () => {
    const res = dataOf(await search('lat=54.01&lng=-1.47&radius=2'));
    expect(res.searched.label).toBe('Your location');
    expect(res.venues.map((v: { slug: string }) => v.slug)).toEqual(['knaresborough']);
  });

  it('says so when nothing is near or the place is unknown', async () => {
    const far = dataOf(await search('search=Plymouth&radius=30'));
    expect(far).toMatchObject({ no_venues_found: true, message: 'No venues found within 30 miles.', venues: [] });
    expect(dataOf(await search('search=Atlantis')).message).toBe('We could not find that place. Try a town or a full postcode.');
  });

  it('bounds the radius at 0 to 30 miles and the postcode at 5 to 7 characters', async () => {
    expect((await search('search=York&radius=0')).statusCode).toBe(200);
    expect((await search('search=York&radius=30')).statusCode).toBe(200);
    expect((await search('search=York&radius=31')).json().errors.radius).toEqual(['Must be at most 30']);
    expect((await search('search=York&radius=-1')).json().errors.radius).toEqual(['Must be at least 0']);
    expect((await search('postcode=HG1')).json().errors.postcode).toEqual(['Must contain at least 5 character(s)']);
    expect((await search('postcode=HG11TEXX')).json().errors.postcode).toEqual(['Must contain at most 7 character(s)']);
    expect((await search('radius=5')).json().errors.search).toEqual(['Enter a town or postcode, or share your location']);
  });
});

describe('venue search with an HTTP geocoder (a local fake of its API)', () => {
  let fake: FastifyInstance;
  let seen: { url: string }[] = [];
  let withHttp: TestApp;

  beforeAll(async () => {
    fake = Fastify();
    fake.get('/geocoding/v5/mapbox.places/:term', async (req, reply) => {
      seen.push({ url: req.url });
      const q = req.query as Record<string, string>;
      if (q.access_token !== 'test-key') return reply.status(401).send({ message: 'Not Authorized - Invalid Token' });
      if ((req.params as { term: string }).term.startsWith('Nowhere')) return { features: [] };
      if ((req.params as { term: string }).term.startsWith('Broken')) return reply.status(503).send({});
      return { features: [{ center: [-1.5418, 53.9921], place_name: 'Harrogate, North Yorkshire, England' }] };
    });
    const address = await fake.listen({ port: 0, host: '127.0.0.1' });
    withHttp = await createTestApp({
      env: { GEOCODER: 'http', GEOCODER_URL: `${address}/geocoding/v5/mapbox.places`, GEOCODER_KEY: 'test-key' },
    });
  });
  afterAll(async () => {
    await withHttp.close();
    await fake.close();
  });

  it('asks the service, restricted to GB with the access key, and uses its answer', async () => {
    seen = [];
    const res = dataOf(await search('search=Harrogate%20Spa&radius=3', withHttp));
    expect(seen[0]?.url).toMatch(/\/Harrogate%20Spa\.json\?country=gb&limit=1&access_token=test-key$/);
    expect(res.searched).toEqual({ latitude: 53.9921, longitude: -1.5418, label: 'Harrogate, North Yorkshire, England' });
    expect(res.venues[0].slug).toBe('harrogate');
  });

  it('reports an unknown place and an unavailable service as messages, not errors', async () => {
    expect(dataOf(await search('search=Nowhere', withHttp)).message).toBe('We could not find that place. Try a town or a full postcode.');
    const down = await search('search=Broken', withHttp);
    expect(down.statusCode).toBe(200);
    expect(dataOf(down).message).toBe('Place search is unavailable at the moment. Try again, or share your location.');
  });
});
