import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createRoutes } from '../router';
import type { PageHandle } from './lazy-page';
import { accountOriginPages, bookingPages, type RoutePage } from './route-pages';

interface Flat {
  path: string;
  loads: PageHandle['load'][];
}

/** Every route with its full path and the lazy chunks on its way (a layout's, then the page's). */
function flatten(routes: RouteObject[], base = '', loads: PageHandle['load'][] = []): Flat[] {
  return routes.flatMap((route) => {
    const path = route.path ? [base, route.path].filter(Boolean).join('/') : base;
    const handle = route.handle as PageHandle | undefined;
    const chain = handle?.load ? [...loads, handle.load] : loads;
    return route.children ? flatten(route.children, path, chain) : [{ path, loads: chain }];
  });
}

const webRoot = new URL('../../../', import.meta.url);
const load = (file: string): Promise<unknown> => import(/* @vite-ignore */ new URL(file, webRoot).pathname);

async function expectListed(routes: RouteObject[], table: RoutePage[]) {
  const lazy = flatten(routes).filter((r) => r.loads.length > 0 && !r.path.startsWith('staff'));
  expect(lazy.map((r) => r.path).sort()).toEqual(table.map((p) => p.path).sort());
  for (const route of lazy) {
    const listed = table.find((p) => p.path === route.path);
    const loaded = await Promise.all(route.loads.map((l) => l()));
    const expected = await Promise.all((listed?.files ?? []).map(load));
    expect(loaded.length, route.path).toBe(expected.length);
    for (const [i, module] of loaded.entries()) expect(module, `${route.path}: ${listed?.files[i]}`).toBe(expected[i]);
  }
}

describe('the route table the server preloads from', () => {
  it('lists every booking page with the modules the router loads for it', async () => {
    await expectListed(createRoutes(false), bookingPages);
  });

  it('lists every page of the account sub-domain with the modules the router loads for it', async () => {
    await expectListed(createRoutes(true), accountOriginPages);
  });
});
