import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { listMeta } from './pagination';

describe('listMeta', () => {
  it('describes a middle page', () => {
    expect(listMeta(45, 2, 20)).toEqual({
      previous_page: 1,
      current_page: 2,
      next_page: 3,
      records_per_page: 20,
      records_on_current_page: 20,
      first_record_on_page: 21,
      last_record_on_page: 40,
      total_records: 45,
      total_pages: 3,
    });
  });
  it('describes the last and an empty list', () => {
    expect(listMeta(45, 3, 20)).toMatchObject({
      next_page: null,
      records_on_current_page: 5,
      first_record_on_page: 41,
      last_record_on_page: 45,
    });
    expect(listMeta(0, 1, 20)).toMatchObject({
      previous_page: null,
      next_page: null,
      records_on_current_page: 0,
      first_record_on_page: null,
      total_pages: 1,
    });
  });
  it('counts every record exactly once across the pages', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 1, max: 100 }), (total, perPage) => {
        const pages = listMeta(total, 1, perPage).total_pages;
        let seen = 0;
        for (let p = 1; p <= pages; p++) seen += listMeta(total, p, perPage).records_on_current_page;
        expect(seen).toBe(total);
      }),
    );
  });
});
