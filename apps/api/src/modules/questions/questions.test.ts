import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCustomers, northfieldShop } from '../../test/checkout-flow';
import { customersAAndB, inDays, openSpin, sessionsOf } from '../../test/fixtures';
import { createTestApp, dataOf, type TestApp } from '../../test/harness';
import { answersFor, insertSection, payBasket, programmeAt, waiverIdsOf } from '../../test/programme-fixtures';

// biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary JSON
type Json = any;

let t: TestApp;
let a: string;
let b: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ a, b } = await customersAAndB(t));
});
afterAll(() => t.close());

const add = (as: string, items: Json[]) => t.request({ method: 'POST', url: '/api/checkout/cart/add', as, payload: { items } });
const clear = (as: string) => t.request({ method: 'DELETE', url: '/api/checkout/cart', as });
const cartOf = async (as: string): Promise<Json> => dataOf(await t.request({ method: 'GET', url: '/api/checkout/cart', as }));

describe("the course's questions (doc 2: custom_question_sections)", () => {
  it('shows the sections and questions on the course, with option ids and lengths', async () => {
    const course = await programmeAt(t, 'courses');
    expect(course.custom_question_sections).toEqual([
      expect.objectContaining({
        title: 'About the swimmer',
        questions: [
          expect.objectContaining({ type: 'textarea', required: true, max_length: 500, questions: [] }),
          expect.objectContaining({ type: 'text', question: 'Emergency contact name and phone number', min_length: 5, max_length: 100 }),
          expect.objectContaining({
            type: 'select',
            question: 'Swimming level',
            options: [
              { id: 1, value: 'Beginner' },
              { id: 2, value: 'Improver' },
              { id: 3, value: 'Confident' },
            ],
          }),
          expect.objectContaining({ type: 'checkbox', options: [], required: false }),
        ],
      }),
    ]);
    const one = dataOf(await t.request({ method: 'GET', url: `/api/v1/activities/courses/${course.slug}` }));
    expect(one.custom_question_sections).toEqual(course.custom_question_sections);
  });

  it('refuses a course added without its required answers, keyed by question, and changes nothing', async () => {
    const course = await programmeAt(t, 'courses', a);
    const [medical, contact, level] = course.custom_question_sections[0].questions;
    const res = await add(a, [
      {
        id: course.id,
        type: 'course',
        activity_restriction_ids: waiverIdsOf(course),
        custom_question_answers: [{ custom_question_id: contact.id, answer: 'Jo' }],
      },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      [`items.0.custom_question_answers.${medical.id}`]: ['This field is required'],
      [`items.0.custom_question_answers.${contact.id}`]: ['Must contain at least 5 character(s)'],
      [`items.0.custom_question_answers.${level.id}`]: ['Please select an option'],
    });
    expect((await cartOf(a)).items).toEqual([]);
  });
});

describe('every question type, accepted and refused on the add', () => {
  let camp: Json;
  let q: Record<string, Json>;
  beforeAll(async () => {
    camp = await programmeAt(t, 'camps', a);
    const options = [
      { id: 1, value: 'One' },
      { id: 2, value: 'Two' },
    ];
    const rows = await insertSection(t, { scheduleId: camp.id }, [
      { type: 'text', question: 'Text', required: true, maxLength: 10 },
      { type: 'textarea', question: 'Textarea', required: true },
      { type: 'long_text', question: 'Long text', required: false, minLength: 3 },
      { type: 'number', question: 'Number', required: true },
      { type: 'select', question: 'Select', required: true, options },
      { type: 'radio', question: 'Radio', required: true, options },
      { type: 'multi_select', question: 'Multi', required: true, options },
      { type: 'checkbox', question: 'Checkbox options', required: true, options },
      { type: 'checkbox', question: 'Checkbox', required: true },
      { type: 'date', question: 'Date', required: true },
      { type: 'group', question: 'Group', required: false, children: [{ type: 'text', question: 'In group', required: true }] },
    ]);
    q = Object.fromEntries(rows.map((r: Json) => [r.question, r]));
    camp = await programmeAt(t, 'camps', a);
  });
  const campItem = (answers: Json[]) => ({ id: camp.id, type: 'camp', booking_full_camp: true, custom_question_answers: answers });

  it('shows a group with its questions in it', () => {
    const group = camp.custom_question_sections[0].questions.find((x: Json) => x.type === 'group');
    expect(group.questions).toEqual([expect.objectContaining({ type: 'text', question: 'In group', required: true })]);
  });

  it('refuses wrong answers with the spec words, each under custom_question_answers.<id>', async () => {
    const res = await add(a, [
      campItem([
        { custom_question_id: q.Text.id, answer: 'far too long for this' },
        { custom_question_id: q['Long text'].id, answer: 'ab' },
        { custom_question_id: q.Number.id, answer: 'twelve' },
        { custom_question_id: q.Select.id, answer: 99 },
        { custom_question_id: q.Radio.id, answer: 'One' },
        { custom_question_id: q.Multi.id, answer: [] },
        { custom_question_id: q['Checkbox options'].id, answer: 7 },
        { custom_question_id: q.Checkbox.id, answer: false },
        { custom_question_id: q.Date.id, answer: '2026-02-30' },
        { custom_question_id: q.Group.id, answer: 'x' },
      ]),
    ]);
    expect(res.statusCode).toBe(422);
    const key = (name: string) => `items.0.custom_question_answers.${q[name].id}`;
    expect(res.json().errors).toEqual({
      [key('Text')]: ['Must contain at most 10 character(s)'],
      [key('Textarea')]: ['This field is required'],
      [key('Long text')]: ['Must contain at least 3 character(s)'],
      [key('Number')]: ['Please enter a number'],
      [key('Select')]: ['Please select an option'],
      [key('Radio')]: ['Please select an option'],
      [key('Multi')]: ['Please select at least one option'],
      [key('Checkbox options')]: ['Please select an option'],
      [key('Checkbox')]: ['This field is required'],
      [key('Date')]: ['Please select a date'],
      [key('Group')]: ['This question is not asked for this booking.'],
      [key('In group')]: ['This field is required'],
    });
    expect((await cartOf(a)).items).toEqual([]);
  });

  it('accepts a right answer of every type, typed as the answer table says, and drops empty optional ones', async () => {
    const answers = [
      { custom_question_id: q.Text.id, answer: 'Sam' },
      { custom_question_id: q.Textarea.id, answer: 'Peanut allergy' },
      { custom_question_id: q['Long text'].id, answer: '' },
      { custom_question_id: q.Number.id, answer: 9 },
      { custom_question_id: q.Select.id, answer: 2 },
      { custom_question_id: q.Radio.id, answer: 1 },
      { custom_question_id: q.Multi.id, answer: [1, 2] },
      { custom_question_id: q['Checkbox options'].id, answer: 2 },
      { custom_question_id: q.Checkbox.id, answer: true },
      { custom_question_id: q.Date.id, answer: '2016-02-29' },
      { custom_question_id: q['In group'].id, answer: 'Inside' },
    ];
    const res = await add(a, [campItem(answers)]);
    expect(res.statusCode).toBe(200);
    const kept = dataOf(res).items[0].custom_question_answers;
    expect(kept).toHaveLength(answers.length - 1);
    expect(kept).toContainEqual({ custom_question_id: q.Number.id, answer: 9 });
    expect(kept).toContainEqual({ custom_question_id: q.Multi.id, answer: [1, 2] });
    expect(kept).not.toContainEqual(expect.objectContaining({ custom_question_id: q['Long text'].id }));
    // The same rules on PUT.
    const line = dataOf(res).items[0];
    const put = await t.request({
      method: 'PUT',
      url: `/api/checkout/cart/${line.id}`,
      as: a,
      payload: { custom_question_answers: [...answers.slice(1), { custom_question_id: q.Text.id, answer: '' }] },
    });
    expect(put.statusCode).toBe(422);
    expect(put.json().errors).toEqual({ [`custom_question_answers.${q.Text.id}`]: ['This field is required'] });
    await clear(a);
  });
});

describe('the answer calls', () => {
  let spin: Json;
  let question: Json;
  let cart: Json;
  beforeAll(async () => {
    spin = await openSpin(t, a);
    [question] = await insertSection(t, { categoryId: spin.category_id }, [
      { type: 'text', question: 'Any injuries we should know about?', required: true },
    ]);
    await clear(a);
    cart = dataOf(await add(a, [{ id: spin.id, type: 'purchasableOccurrence' }]));
  });
  const key = () => `custom_question_answers.${question.id}`;

  it('holds checkout until a session line has its required answers', async () => {
    const { authorise } = await payBasket(t, a);
    expect(authorise.statusCode).toBe(422);
    expect(authorise.json().errors).toEqual({ [`items.${cart.items[0].id}.${key()}`]: ['This field is required'] });
  });

  it('POST activities/occurrences/{id}/questions/answers checks and keeps the answers of that session line', async () => {
    const url = `/api/activities/occurrences/${spin.id}/questions/answers`;
    const bad = await t.request({ method: 'POST', url, as: a, payload: { answers: [] } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ [key()]: ['This field is required'] });
    const ok = await t.request({ method: 'POST', url, as: a, payload: { answers: [{ custom_question_id: question.id, answer: 'None' }] } });
    expect(ok.statusCode).toBe(200);
    expect(dataOf(ok).items[0].custom_question_answers).toEqual([{ custom_question_id: question.id, answer: 'None' }]);
    const nothing = await t.request({
      method: 'POST',
      url: '/api/activities/occurrences/oc_notinbasket/questions/answers',
      as: a,
      payload: { answers: [] },
    });
    expect(nothing.statusCode).toBe(404);
  });

  it('POST activities/{activityId}/questions/answers answers an activity once for its lines', async () => {
    const url = `/api/activities/${spin.category_id}/questions/answers`;
    const ok = await t.request({
      method: 'POST',
      url,
      as: a,
      payload: { answers: [{ custom_question_id: question.id, answer: 'Bad knee' }] },
    });
    expect(ok.statusCode).toBe(200);
    expect(dataOf(ok).items[0].custom_question_answers).toEqual([{ custom_question_id: question.id, answer: 'Bad knee' }]);
    const wrong = await t.request({ method: 'POST', url, as: a, payload: { answers: [{ custom_question_id: 999999, answer: 'x' }] } });
    expect(wrong.json().errors).toEqual({
      'custom_question_answers.999999': ['This question is not asked for this booking.'],
      [key()]: ['This field is required'],
    });
  });

  it('POST activities/cart/{cartId}/questions answers lines by id, only in the caller basket', async () => {
    const line = cart.items[0].id;
    const url = `/api/activities/cart/${cart.id}/questions`;
    const bad = await t.request({
      method: 'POST',
      url,
      as: a,
      payload: { answers: [{ cart_item_id: line, custom_question_id: question.id, answer: ' ' }] },
    });
    expect(bad.json().errors).toEqual({ [`answers.${line}.${key()}`]: ['This field is required'] });
    const ok = await t.request({
      method: 'POST',
      url,
      as: a,
      payload: { answers: [{ cart_item_id: line, custom_question_id: question.id, answer: 'Fine' }] },
    });
    expect(dataOf(ok).items[0].custom_question_answers).toEqual([{ custom_question_id: question.id, answer: 'Fine' }]);
    // Someone else's basket, or a line that is not in this one, is not found.
    expect((await t.request({ method: 'POST', url, as: b, payload: { answers: [] } })).statusCode).toBe(404);
    const stray = await t.request({
      method: 'POST',
      url,
      as: a,
      payload: { answers: [{ cart_item_id: 999999, custom_question_id: question.id, answer: 'x' }] },
    });
    expect(stray.statusCode).toBe(404);
  });

  it('lets the basket be paid once answered', async () => {
    const { complete } = await payBasket(t, a);
    expect(complete.statusCode).toBe(200);
  });
});

describe('answers kept on the booking bundle', () => {
  it('shows the answers back on the bundle after paying, to its owner only', async () => {
    await clear(a);
    const course = await programmeAt(t, 'courses', a);
    const answers = answersFor(course);
    const added = await add(a, [
      { id: course.id, type: 'course', custom_question_answers: answers, activity_restriction_ids: waiverIdsOf(course) },
    ]);
    expect(added.statusCode).toBe(200);
    const { complete } = await payBasket(t, a);
    expect(complete.statusCode).toBe(200);
    const orderId = dataOf(complete).complete_order_id;
    const mine = dataOf(await t.request({ method: 'GET', url: `/api/my-account/booking-bundles?order_id=${orderId}`, as: a }));
    expect(mine).toHaveLength(1);
    const bundle = mine[0];
    expect(bundle.id).toMatch(/^[A-Za-z0-9_-]{34}$/);
    expect(bundle).toMatchObject({ status: 'settled', booking_type: 'courses', name: course.name, order_id: orderId });
    expect(bundle.bookings).toHaveLength(course.occurrences.length);
    expect(bundle.bookings[0].booking_bundle_context).toEqual({
      id: bundle.id,
      total_settled_bookings: course.occurrences.length,
      settled_booking_position: 1,
    });
    expect(bundle.custom_question_sections[0].questions).toEqual([
      expect.objectContaining({ type: 'textarea', answer: 'None known. Call 07700 900123', answers: null }),
      expect.objectContaining({ type: 'text', answer: 'None known. Call 07700 900123' }),
      expect.objectContaining({ type: 'select', question: 'Swimming level', answer: 'Beginner' }),
      expect.objectContaining({ type: 'checkbox', answer: 'Yes' }),
    ]);
    expect(bundle.waivers).toEqual([expect.objectContaining({ name: 'Swimming lessons safety waiver', terms_version: 1 })]);
    const one = await t.request({ method: 'GET', url: `/api/v1/activities/booking-bundles/${bundle.id}`, as: a });
    expect(dataOf(one)).toEqual(bundle);
    expect((await t.request({ method: 'GET', url: `/api/v1/activities/booking-bundles/${bundle.id}`, as: b })).statusCode).toBe(404);
    expect(dataOf(await t.request({ method: 'GET', url: `/api/my-account/booking-bundles?order_id=${orderId}`, as: b }))).toEqual([]);
  });
});

describe("a yoga class: the demo's session with a waiver and questions", () => {
  it('is added with its waiver agreed, lists its questions on the basket line, and is paid once the cart call answers them', async () => {
    const { db } = t.database;
    const [fay] = await newCustomers(db, await northfieldShop(db), 1, 'yoga');
    const as = fay!.cookie;
    let yoga: Json;
    for (let d = 1; !yoga && d <= 7; d++) [yoga] = await sessionsOf(t, 'yoga', as, inDays(d));
    const waivers = yoga.restrictions.pre_purchase_waivers;
    expect(waivers.map((w: Json) => w.name)).toEqual(['Yoga health declaration']);
    const added = await add(as, [{ id: yoga.id, type: 'purchasableOccurrence', activity_restriction_ids: [waivers[0].id] }]);
    expect(added.statusCode).toBe(200);
    const [line] = dataOf(added).items;
    expect(line.custom_question_sections).toEqual([
      expect.objectContaining({
        title: 'Before your class',
        questions: [
          expect.objectContaining({ type: 'select', question: 'How much yoga have you done before?', required: true }),
          expect.objectContaining({ type: 'textarea', required: false, max_length: 300 }),
        ],
      }),
    ]);
    expect(line.custom_question_answers).toEqual([]);
    const [level] = line.custom_question_sections[0].questions;
    const { authorise } = await payBasket(t, as);
    expect(authorise.statusCode).toBe(422);
    expect(authorise.json().errors).toEqual({ [`items.${line.id}.custom_question_answers.${level.id}`]: ['Please select an option'] });

    const cartId = (await cartOf(as)).id;
    const answered = await t.request({
      method: 'POST',
      url: `/api/activities/cart/${cartId}/questions`,
      as,
      payload: { answers: [{ cart_item_id: line.id, custom_question_id: level.id, answer: 1 }] },
    });
    expect(answered.statusCode).toBe(200);
    expect(dataOf(answered).items[0].custom_question_answers).toEqual([{ custom_question_id: level.id, answer: 1 }]);
    expect((await payBasket(t, as)).complete.statusCode).toBe(200);
  });
});
