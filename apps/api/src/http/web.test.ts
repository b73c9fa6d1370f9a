import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'web-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
  await writeFile(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
  t = await createTestApp({ env: { WEB_DIST: dist } });
});
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

describe('serving the built app', () => {
  it('answers the home page and any app route with index.html', async () => {
    for (const url of ['/', '/basket', '/location/harrogate/spin/2026-11-23']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<title>app</title>');
    }
  });

  it('serves hashed assets for a year and never answers a missing one with the app page', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject({ method: 'GET', url: '/assets/gone-999.js' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/robots.txt' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/nothing' })).json().code).toBe('not_found');
  });

  it('removes a trailing slash by redirect', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/basket/?x=1' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/basket?x=1');
  });
});
