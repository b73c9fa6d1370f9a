import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schedules } from '../../db/schema';
import { demo } from '../../test/fixtures';
import { createTestApp, dataOf, type TestApp } from '../../test/harness';

// Issue 13, defect 15: Riverside has switched courses and camps off (its demo data still holds some); they are not
// reachable by address through the API either.

let t: TestApp;
let riversideCourse: number;
beforeAll(async () => {
  t = await createTestApp();
  const riverside = await t.clientId('riverside');
  const [course] = await t.database.db
    .select({ id: schedules.id })
    .from(schedules)
    .where(and(eq(schedules.clientId, riverside), eq(schedules.bookingType, 'courses')));
  if (!course) throw new Error('the demo has a course at Riverside');
  riversideCourse = course.id;
});
afterAll(() => t.close());

const at = (client: string) => ({ 'client-domain-identifier': client });

describe('courses and camps switched off', () => {
  it('answers 404 for the course and camp calls of a client without them, and 200 where they are on', async () => {
    for (const url of ['/api/v1/activities/courses', '/api/v1/activities/camps', `/api/v1/activities/courses/${riversideCourse}`]) {
      expect((await t.request({ method: 'GET', url, headers: at('riverside') })).statusCode, url).toBe(404);
    }
    expect((await t.request({ method: 'GET', url: '/api/v1/activities/courses', headers: at('northfield') })).statusCode).toBe(200);
  });

  it("leaves courses and camps (and a group holding only them) out of a venue's activities", async () => {
    const categories = dataOf(
      await t.request({ method: 'GET', url: '/api/activities/venue/shrewsbury/categories', headers: at('riverside') }),
    );
    const slugs = categories.flatMap((c: { slug: string; children: { slug: string }[] }) => [c.slug, ...c.children.map((ch) => ch.slug)]);
    expect(slugs).toContain('spin');
    expect(slugs).not.toContain('swimming-lessons');
    expect(slugs).not.toContain('holiday-camps');
    expect(slugs).not.toContain('multi-sport-camp');
    const one = await t.request({
      method: 'GET',
      url: '/api/activities/venue/shrewsbury/categories/swimming-lessons',
      headers: at('riverside'),
    });
    expect(one.statusCode).toBe(404);
    const northfield = dataOf(await t.request({ method: 'GET', url: '/api/activities/venue/harrogate/categories' }));
    expect(northfield.map((c: { slug: string }) => c.slug)).toContain('holiday-camps');
  });

  it('refuses a course in the basket', async () => {
    const as = await t.sessionFor(demo.email, 'riverside');
    const res = await t.request({
      method: 'POST',
      url: '/api/checkout/cart/add',
      as,
      headers: at('riverside'),
      payload: { items: [{ id: riversideCourse, type: 'course' }] },
    });
    expect(res.statusCode).toBe(404);
  });
});
