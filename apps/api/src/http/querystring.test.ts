import { expect, it } from 'vitest';
import { parseQueryString } from './querystring';

it('folds bracketed and repeated keys into lists and leaves single values alone', () => {
  expect(parseQueryString('venue_ids[]=1&venue_ids[]=2&date=2026-11-22')).toEqual({ venue_ids: ['1', '2'], date: '2026-11-22' });
  expect(parseQueryString('venue_ids=1&venue_ids=2')).toEqual({ venue_ids: ['1', '2'] });
  expect(parseQueryString('venue_ids[]=3')).toEqual({ venue_ids: ['3'] });
  expect(parseQueryString('a=1&a[]=2')).toEqual({ a: ['1', '2'] });
});
