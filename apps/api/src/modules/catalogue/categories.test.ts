import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, staff } from '../../test/fixtures';
import { createTestApp, dataOf, type TestApp } from '../../test/harness';

let t: TestApp;
let as: string;
beforeAll(async () => {
  t = await createTestApp();
  as = await t.sessionFor(staff.email);
});
afterAll(() => t.close());

const create = (payload: Record<string, unknown>, who = as) =>
  t.request({ method: 'POST', url: '/api/v1/activities/categories', as: who, payload });
const update = (id: number, payload: Record<string, unknown>) =>
  t.request({ method: 'PATCH', url: `/api/v1/activities/categories/${id}`, as, payload });
const remove = (id: number) => t.request({ method: 'DELETE', url: `/api/v1/activities/categories/${id}`, as });
type StaffCategory = { slug: string; id: number; in_use: { in_use: boolean; reasons: string[] } };
const bySlug = async (slug: string): Promise<StaffCategory> => {
  const list: StaffCategory[] = dataOf(await t.request({ method: 'GET', url: '/api/v1/activities/categories?with_usage_checks=true', as }));
  const found = list.find((c) => c.slug === slug);
  if (!found) throw new Error(`no category ${slug}`);
  return found;
};

describe('category maintenance', () => {
  it('is for staff only', async () => {
    expect((await create({ name: 'Pilates', slug: 'pilates' }, await t.sessionFor(demo.email))).statusCode).toBe(403);
  });

  it('creates a group and a leaf under it', async () => {
    const group = await create({ name: 'Wellbeing', slug: 'wellbeing' });
    expect(group.statusCode).toBe(201);
    expect(dataOf(group)).toMatchObject({ slug: 'wellbeing', booking_type: null, is_root: true, in_use: { in_use: false, reasons: [] } });
    const leaf = await create({ name: 'Pilates', slug: 'pilates', booking_type: 'classes', parent_id: dataOf(group).id });
    expect(dataOf(leaf)).toMatchObject({ parent: { slug: 'wellbeing' }, booking_type: 'classes', is_root: false });
  });

  it('needs a name and a slug of 1 to 255 characters', async () => {
    const res = await create({ name: '', slug: 'x'.repeat(256) });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      name: ['Must contain at least 1 character(s)'],
      slug: ['Must contain at most 255 character(s)'],
    });
  });

  it('keeps slugs unique across parents and children', async () => {
    const res = await create({
      name: 'Spin again',
      slug: 'spin',
      booking_type: 'classes',
      parent_id: (await bySlug('fitness-classes')).id,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.slug).toEqual(['The slug has already been taken.']);
  });

  it('needs the parent to be a top-level group without a booking type', async () => {
    const underLeaf = await create({
      name: 'Indoor spin',
      slug: 'indoor-spin',
      booking_type: 'classes',
      parent_id: (await bySlug('spin')).id,
    });
    expect(underLeaf.json().errors.parent_id).toEqual(['The parent must be a group with no booking type.']);
    const missing = await create({ name: 'Lost', slug: 'lost', parent_id: 999999 });
    expect(missing.json().errors.parent_id).toEqual(['The selected parent is invalid.']);
  });

  it('does not give a parent a parent or a booking type', async () => {
    const fitness = await bySlug('fitness-classes');
    const rackets = await bySlug('racket-sports');
    expect((await update(fitness.id, { parent_id: rackets.id })).json().errors.parent_id).toContain(
      'A category with sub-categories cannot have a parent.',
    );
    expect((await update(fitness.id, { booking_type: 'classes' })).json().errors.booking_type).toEqual([
      'A category with sub-categories cannot have a booking type.',
    ]);
  });

  it('does not change the booking type of a category in use', async () => {
    const spin = await bySlug('spin');
    expect(spin.in_use).toEqual({ in_use: true, reasons: ['It holds schedules'] });
    expect((await update(spin.id, { booking_type: 'resources' })).json().errors.booking_type).toEqual([
      'The booking type cannot change once the category is in use.',
    ]);
    expect(dataOf(await update(spin.id, { name: 'Spin cycling' })).name).toBe('Spin cycling');
  });

  it('does not delete a category in use, and deletes one that is not', async () => {
    const res = await remove((await bySlug('fitness-classes')).id);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.category).toEqual(['A category in use cannot be deleted.']);
    const spare = dataOf(await create({ name: 'Spare', slug: 'spare' }));
    expect((await remove(spare.id)).statusCode).toBe(200);
    expect((await remove(spare.id)).statusCode).toBe(404);
  });

  it("keeps one client's categories from another's staff", async () => {
    const riversideStaff = await t.sessionFor(staff.email, 'riverside');
    const spin = await bySlug('spin');
    const res = await t.request({
      method: 'PATCH',
      url: `/api/v1/activities/categories/${spin.id}`,
      as: riversideStaff,
      headers: { 'client-domain-identifier': 'riverside' },
      payload: { name: 'Hijacked' },
    });
    expect(res.statusCode).toBe(404);
  });
});
