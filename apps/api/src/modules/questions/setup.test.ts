import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToBasket, customersAAndB, openSpin, staff } from '../../test/fixtures';
import { createTestApp, dataOf, type TestApp } from '../../test/harness';
import { answersFor, programmeAt, waiverIdsOf } from '../../test/programme-fixtures';

// biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary JSON
type Json = any;

/** Staff setup of questions and restrictions (decision 150): the operator makes the rules the customer meets. */
let t: TestApp;
let a: string;
let b: string;
let staffAs: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ a, b } = await customersAAndB(t));
  staffAs = await t.sessionFor(staff.email);
});
afterAll(() => t.close());

const call = (method: string, url: string, as?: string, payload?: Json) =>
  t.request({ method: method as 'GET', url, ...(as ? { as } : {}), ...(payload !== undefined ? { payload } : {}) });
const clear = (as: string) => call('DELETE', '/api/checkout/cart', as);
const addCourse = (as: string, course: Json, answers: Json[]) =>
  call('POST', '/api/checkout/cart/add', as, {
    items: [{ id: course.id, type: 'course', custom_question_answers: answers, activity_restriction_ids: waiverIdsOf(course) }],
  });

describe('staff write the questions a course asks', () => {
  let course: Json;
  let sectionId: number;

  it('adds a section of every type to a course, which customers are then asked, with option ids numbered 1..n', async () => {
    course = await programmeAt(t, 'courses', b);
    const created = await call('POST', '/api/v1/activities/question-sections', staffAs, {
      schedule_id: course.id,
      title: 'Before the first lesson',
      description: 'So the teacher can plan',
      questions: [
        { type: 'number', question: 'How many lengths can they swim?', required: true },
        { type: 'radio', question: 'Goggles?', options: ['Own', 'Borrow'], required: true },
        { type: 'checkbox', question: 'Which sessions can you help at?', options: ['Morning', 'Afternoon'] },
        { type: 'long_text', question: 'Anything else?', max_length: 300 },
        { type: 'group', question: 'Second contact', questions: [{ type: 'text', question: 'Name', required: true, min_length: 2 }] },
      ],
    });
    expect(created.statusCode).toBe(201);
    const section = dataOf(created);
    sectionId = section.id;
    expect(section).toMatchObject({ schedule_id: course.id, category_id: null, occurrence_id: null, title: 'Before the first lesson' });
    expect(section.questions[1].options).toEqual([
      { id: 1, value: 'Own' },
      { id: 2, value: 'Borrow' },
    ]);
    expect(section.questions[4].questions[0]).toMatchObject({ type: 'text', required: true, min_length: 2 });

    const listed = dataOf(await call('GET', `/api/v1/activities/question-sections?schedule_id=${course.id}`, staffAs));
    expect(listed.map((s: Json) => s.id)).toContain(sectionId);

    const asked = await programmeAt(t, 'courses', b, course.name);
    expect(asked.custom_question_sections.map((s: Json) => s.title)).toContain('Before the first lesson');
    const lengths = section.questions[0].id;
    const refused = await addCourse(b, asked, answersFor(course));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[`items.0.custom_question_answers.${lengths}`]).toEqual(['This field is required']);
    expect(refused.json().errors[`items.0.custom_question_answers.${section.questions[1].id}`]).toEqual(['Please select an option']);
    const added = await addCourse(b, asked, answersFor(asked));
    expect(added.statusCode).toBe(200);
    await clear(b);
  });

  it('refuses a question that cannot be answered, a section for two owners, and another client’s or no schedule', async () => {
    const bad = await call('POST', '/api/v1/activities/question-sections', staffAs, {
      category_id: course.category.id,
      title: 'Bad',
      questions: [
        { type: 'select', question: 'Level?' },
        { type: 'date', question: 'When?', options: ['x'] },
        { type: 'group', question: 'Empty group' },
      ],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      'questions.0.options': ['Add at least one option.'],
      'questions.1.options': ['This type of question has no options.'],
      'questions.2.questions': ['A group needs at least one question.'],
    });
    const unknownType = await call('POST', '/api/v1/activities/question-sections', staffAs, {
      schedule_id: course.id,
      title: 'Bad',
      questions: [{ type: 'colour', question: 'Favourite?' }],
    });
    expect(unknownType.statusCode).toBe(422);
    const two = await call('POST', '/api/v1/activities/question-sections', staffAs, {
      schedule_id: course.id,
      category_id: course.category.id,
      title: 'Two',
      questions: [{ type: 'text', question: 'Q' }],
    });
    expect(two.json().errors).toEqual({ schedule_id: ['Choose exactly one of a schedule, an activity or a session.'] });
    const none = await call('POST', '/api/v1/activities/question-sections', staffAs, {
      schedule_id: 999_999,
      title: 'Nowhere',
      questions: [{ type: 'text', question: 'Q' }],
    });
    expect(none.json().errors).toEqual({ schedule_id: ['The selected value is invalid.'] });
  });

  it('takes a section away: customers are no longer asked it', async () => {
    expect((await call('DELETE', `/api/v1/activities/question-sections/${sectionId}`, staffAs)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/v1/activities/question-sections/${sectionId}`, staffAs)).statusCode).toBe(404);
    const asked = await programmeAt(t, 'courses', b, course.name);
    expect(asked.custom_question_sections.map((s: Json) => s.title)).not.toContain('Before the first lesson');
  });

  it('asks a session’s own question of the person booking that session', async () => {
    const spin = await openSpin(t, b);
    const created = dataOf(
      await call('POST', '/api/v1/activities/question-sections', staffAs, {
        occurrence_id: spin.id,
        title: 'Tonight only',
        questions: [{ type: 'text', question: 'Shoe size?', required: true }],
      }),
    );
    expect(dataOf(await call('GET', `/api/v1/activities/question-sections?occurrence_id=${spin.id}`, staffAs))[0].id).toBe(created.id);
    await call('DELETE', `/api/v1/activities/question-sections/${created.id}`, staffAs);
  });
});

describe('staff decide what a waiver or induction gates', () => {
  it('gates a schedule with a new waiver until agreed, and stops when it is taken off', async () => {
    const spin = await openSpin(t, b);
    const waiver = dataOf(
      await call('POST', '/api/v1/activities/restrictions', staffAs, {
        name: 'Spin safety waiver',
        type: 'pre-purchase-waiver',
        terms: '<p>Adjust the bike before you start.</p>',
        valid_for_days: 30,
      }),
    );
    const attached = await call('PUT', `/api/v1/activities/restrictions/${waiver.id}/schedules/${spin.schedule_id}`, staffAs, {
      criteria: 'all',
    });
    expect(attached.statusCode).toBe(200);
    expect(dataOf(attached).schedules).toEqual([{ schedule_id: spin.schedule_id, name: expect.any(String), criteria: 'all' }]);

    const refused = await addToBasket(t, b, spin.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ 'items.0.activity_restriction_ids': ['Please agree to Spin safety waiver before booking.'] });
    const detached = await call('DELETE', `/api/v1/activities/restrictions/${waiver.id}/schedules/${spin.schedule_id}`, staffAs);
    expect(dataOf(detached).schedules).toEqual([]);
    expect((await addToBasket(t, b, spin.id)).statusCode).toBe(200);
    await clear(b);
    expect((await call('DELETE', `/api/v1/activities/restrictions/${waiver.id}/schedules/${spin.schedule_id}`, staffAs)).statusCode).toBe(
      404,
    );
  });

  it('gates a category with an induction, met once staff record it done in person', async () => {
    // A customer new to the centre: the demo's members have spin classes behind them, which would meet the induction.
    const email = 'new-to-spin@example.invalid';
    const registered = await call('POST', '/api/auth/customer/register', undefined, {
      first_name: 'Nova',
      last_name: 'Newcomer',
      email,
      password: 'a-long-enough-password',
    });
    expect(registered.statusCode).toBe(201);
    const b = await t.sessionFor(email);
    const spin = await openSpin(t, b);
    const me = dataOf(await call('GET', '/api/auth/user', b));
    const induction = dataOf(
      await call('POST', '/api/v1/activities/restrictions', staffAs, {
        name: 'Spin induction',
        type: 'pre-purchase-induction',
        related_category_id: spin.category_id,
      }),
    );
    const on = await call('PUT', `/api/v1/activities/restrictions/${induction.id}/categories/${spin.category_id}`, staffAs, {
      criteria: 'any',
    });
    expect(dataOf(on).categories).toEqual([{ category_id: spin.category_id, name: expect.any(String), criteria: 'any' }]);
    const refused = await addToBasket(t, b, spin.id);
    expect(refused.statusCode).toBe(409);
    const done = await call('POST', `/api/v1/activities/restrictions/${induction.id}/completions`, staffAs, { user_id: me.id });
    expect(done.statusCode).toBe(201);
    expect(dataOf(done)).toMatchObject({ restriction_id: induction.id, user_id: me.id });
    expect((await addToBasket(t, b, spin.id)).statusCode).toBe(200);
    await clear(b);
    // A waiver is agreed by the customer, never recorded as done by staff.
    const waivers = dataOf(await call('GET', '/api/v1/activities/restrictions?type[]=pre-purchase-waiver', staffAs));
    const notInduction = await call('POST', `/api/v1/activities/restrictions/${waivers[0].id}/completions`, staffAs, { user_id: me.id });
    expect(notInduction.json().errors).toEqual({ restriction_id: ['Only an induction can be recorded as done.'] });
    await call('DELETE', `/api/v1/activities/restrictions/${induction.id}/categories/${spin.category_id}`, staffAs);
  });

  it('is staff only: a visitor 401, a customer 403, staff of another client 404, and nothing changes', async () => {
    const course = await programmeAt(t, 'courses', a);
    const [restriction] = dataOf(await call('GET', '/api/v1/activities/restrictions', staffAs));
    const section = dataOf(
      await call('POST', '/api/v1/activities/question-sections', staffAs, {
        schedule_id: course.id,
        title: 'Kept',
        questions: [{ type: 'text', question: 'Q' }],
      }),
    );
    const calls: [string, string, Json?][] = [
      ['GET', `/api/v1/activities/question-sections?schedule_id=${course.id}`],
      [
        'POST',
        '/api/v1/activities/question-sections',
        { schedule_id: course.id, title: 'X', questions: [{ type: 'text', question: 'Q' }] },
      ],
      ['DELETE', `/api/v1/activities/question-sections/${section.id}`],
      ['GET', `/api/v1/activities/restrictions/${restriction.id}/attachments`],
      ['PUT', `/api/v1/activities/restrictions/${restriction.id}/schedules/${course.id}`, { criteria: 'all' }],
      ['DELETE', `/api/v1/activities/restrictions/${restriction.id}/schedules/${course.id}`],
      ['PUT', `/api/v1/activities/restrictions/${restriction.id}/categories/${course.category.id}`, { criteria: 'all' }],
      ['DELETE', `/api/v1/activities/restrictions/${restriction.id}/categories/${course.category.id}`],
      ['POST', `/api/v1/activities/restrictions/${restriction.id}/completions`, { user_id: 1 }],
    ];
    const before = dataOf(await call('GET', `/api/v1/activities/restrictions/${restriction.id}/attachments`, staffAs));
    const riverside = await t.sessionFor(staff.email, 'riverside');
    for (const [method, url, payload] of calls) {
      expect((await call(method, url, undefined, payload)).statusCode, `${method} ${url} as a visitor`).toBe(401);
      expect((await call(method, url, a, payload)).statusCode, `${method} ${url} as a customer`).toBe(403);
      const there = await t.request({
        method: method as 'GET',
        url,
        as: riverside,
        headers: { 'client-domain-identifier': 'riverside' },
        ...(payload !== undefined ? { payload } : {}),
      });
      // Another client's rows are unknown there: 404, or a 422 naming the field that points at them; the list is empty.
      if (method === 'GET' && url.includes('question-sections')) expect(dataOf(there)).toEqual([]);
      else expect([404, 422], `${method} ${url} at riverside`).toContain(there.statusCode);
    }
    expect(dataOf(await call('GET', `/api/v1/activities/restrictions/${restriction.id}/attachments`, staffAs))).toEqual(before);
    const still = dataOf(await call('GET', `/api/v1/activities/question-sections?schedule_id=${course.id}`, staffAs));
    expect(still.map((s: Json) => s.id)).toContain(section.id);
    await call('DELETE', `/api/v1/activities/question-sections/${section.id}`, staffAs);
  });
});
