import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffRoles, users } from '../db/schema';
import { type BadClass, encode, INT32, type Json, jsonClasses, pick, shown, textClasses, validFor } from '../test/bad-values';
import { demo, staff } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/harness';
import { changedTables, tableSnapshotter } from '../test/snapshot';

/**
 * The input fuzzer (issue 9, fault 7; decisions 078 and 182): every operation of the OpenAPI document the app serves
 * gets bad values in one parameter or body field at a time (the rest of the request valid as far as its schema says),
 * as a visitor, as a logged-in customer and as staff holding every role (so the managers' handlers are reached too).
 * Every field gets one value of every class of bad value that applies to it (test/bad-values.ts): wrong types, null,
 * control characters and NUL, over-long text, numbers past int32 and out of range, unreal or far dates, unknown enum
 * values, huge and nested lists, deep objects. Bad input must be a 4xx and change nothing: the test fails on any
 * 5xx, on any answer the database's data-exception net had to give (a schema let a bad value reach SQL), and on any
 * change to the business tables. Since every value sent is invalid, nothing is expected to change, not even the
 * fuzzing customer's own basket.
 */

interface Field {
  /** 'path', 'query' or 'body' */
  in: string;
  /** The field's path within its part: ['items', 0, 'id'] */
  path: (string | number)[];
  schema: Json;
}

/** Every field a request can carry, down into objects and the first item of lists. */
function bodyFields(schema: Json, at: (string | number)[] = [], depth = 0): Field[] {
  if (!schema || depth > 4) return [];
  const s = schema.anyOf?.[0] ?? schema;
  const fields: Field[] = at.length ? [{ in: 'body', path: at, schema: s }] : [];
  if (s.type === 'object') {
    for (const [key, sub] of Object.entries(s.properties ?? {})) fields.push(...bodyFields(sub, [...at, key], depth + 1));
  } else if (s.type === 'array' && at.length) {
    fields.push(...bodyFields(s.items, [...at, 0], depth + 1));
  }
  return fields;
}

/** A body that fills the field's whole path, creating the objects and lists on the way. */
function setIn(body: Json, path: (string | number)[], value: Json, schema: Json): Json {
  const root = structuredClone(body ?? {});
  let node = root;
  let nodeSchema = schema;
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i] as string | number;
    const nextSchema = nodeSchema?.type === 'array' ? nodeSchema.items : nodeSchema?.properties?.[key];
    const resolvedNext = nextSchema?.anyOf?.[0] ?? nextSchema;
    if (node[key] === undefined || node[key] === null || typeof node[key] !== 'object') node[key] = validFor(resolvedNext);
    if (node[key] === null || typeof node[key] !== 'object') node[key] = typeof path[i + 1] === 'number' ? [] : {};
    node = node[key];
    nodeSchema = resolvedNext;
  }
  node[path[path.length - 1] as string | number] = value;
  return root;
}

interface Operation {
  method: string;
  path: string;
  params: Json[];
  body: Json | undefined;
}

let t: TestApp;
let operations: Operation[];
let customer: string;
let staffAs: string;
let snapshot: () => Promise<Record<string, string>>;

beforeAll(async () => {
  t = await createTestApp();
  const doc = (await t.request({ method: 'GET', url: '/api/docs/json' })).json();
  operations = [];
  for (const [path, ops] of Object.entries<Json>(doc.paths)) {
    for (const [method, op] of Object.entries<Json>(ops)) {
      operations.push({
        method: method.toUpperCase(),
        path,
        params: op.parameters ?? [],
        body: op.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  snapshot = await tableSnapshotter(t);
  customer = await t.sessionFor(demo.email);
  // The demo receptionist, given every role, so each staff route's handler is reached whatever role it asks for.
  const northfield = await t.clientId('northfield');
  const [receptionist] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, staff.email), eq(users.clientId, northfield)));
  await t.database.db
    .insert(staffRoles)
    .values((['manager', 'administrator'] as const).map((role) => ({ clientId: northfield, userId: receptionist!.id, role })));
  staffAs = await t.sessionFor(staff.email);
}, 120_000);
afterAll(() => t?.close());

interface Sent {
  res: LightMyRequestResponse;
  what: string;
}

/** Sends the operation with one field bad and everything else valid. */
async function send(op: Operation, field: Field, value: Json, as: string | undefined): Promise<Sent> {
  const pathValues: Record<string, string> = {};
  const query: string[] = [];
  for (const p of op.params) {
    const v = p.in === field.in && p.name === field.path[0] ? value : p.required ? validFor(p.schema, p.name) : undefined;
    if (v === undefined) continue;
    const text = typeof v === 'string' ? v : JSON.stringify(v);
    if (p.in === 'path') pathValues[p.name] = text;
    else if (p.in === 'query') {
      const list = Array.isArray(v) ? v : [v];
      for (const item of list) {
        query.push(`${encode(p.name)}=${encode(typeof item === 'string' ? item : JSON.stringify(item))}`);
      }
    }
  }
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encode(pathValues[name] ?? '1'));
  const url = query.length ? `${path}?${query.join('&')}` : path;
  let payload: Json;
  if (op.body) {
    const base = validFor(op.body);
    payload = field.in === 'body' ? setIn(base, field.path, value, op.body) : base;
  }
  const res = await t.request({
    method: op.method as 'GET',
    url,
    ...(as ? { as } : {}),
    ...(payload !== undefined ? { payload } : {}),
  });
  return {
    res,
    what: `${op.method} ${op.path} ${field.in}:${field.path.join('.')}=${shown(value)} -> ${res.statusCode} ${res.body.slice(0, 160)}`,
  };
}

function fieldsOf(op: Operation): Field[] {
  const fields: Field[] = op.params
    .filter((p) => p.in === 'path' || p.in === 'query')
    .map((p) => ({ in: p.in, path: [p.name], schema: p.schema }));
  return [...fields, ...bodyFields(op.body)];
}

/** Every class of bad value that applies to the field. */
const classesOf = (op: Operation, field: Field): BadClass[] =>
  field.in === 'body' ? jsonClasses(field.schema) : textClasses(field.schema, String(field.path[0]), op.method);

describe('fuzzing every route of the OpenAPI document with bad values', () => {
  it('reads a document with the routes of the spec, staff and client settings among them', () => {
    expect(operations.length).toBeGreaterThan(80);
    for (const path of [
      '/api/staff/customers',
      '/api/staff/settings',
      '/api/client/customer-limits',
      '/api/client/after-booking-settings',
    ]) {
      expect(operations.some((op) => op.path === path)).toBe(true);
    }
  });

  for (const caller of ['visitor', 'customer', 'staff'] as const) {
    it(`answers 4xx and changes nothing, as a ${caller}, for every class of bad value in every field`, async () => {
      const as = caller === 'visitor' ? undefined : caller === 'customer' ? customer : staffAs;
      const failures: string[] = [];
      let sent = 0;
      let before = await snapshot();
      for (const op of operations) {
        const fields = fieldsOf(op);
        if (fields.length === 0) continue;
        for (const field of fields) {
          for (const c of classesOf(op, field)) {
            const { res, what } = await send(op, field, pick(c, `${op.method} ${op.path} ${field.in}:${field.path.join('.')}`), as);
            sent++;
            if (res.statusCode >= 500) failures.push(`[${c.name}] ${what}`);
            else if (res.json()?.code === 'invalid_input') failures.push(`(reached SQL) [${c.name}] ${what}`);
          }
        }
        const after = await snapshot();
        // A staff read that is answered is audited (decision 126: who looked at which customer's record or bookings),
        // and a value the fuzzer sends is not always invalid for a read (an unknown text id finds nothing).
        const changed = changedTables(before, after).filter((table) => !(op.method === 'GET' && table === 'staff_audit_log'));
        if (changed.length) failures.push(`${op.method} ${op.path} changed ${changed.join(', ')}`);
        before = after;
      }
      console.info(`fuzzed as a ${caller}: ${sent} requests`);
      expect(failures.join('\n')).toBe('');
    }, 600_000);
  }
});

describe("the issue's examples", () => {
  const examples: [string, () => Promise<LightMyRequestResponse>][] = [
    [
      'a NUL byte in first_name on register',
      () =>
        t.request({
          method: 'POST',
          url: '/api/auth/customer/register',
          payload: { first_name: 'A\u0000', last_name: 'Morgan', email: 'nul.byte@example.com', password: 'fuzz-pass-2026' },
        }),
    ],
    [
      'venue=2147483648 on the timetable',
      () => t.request({ method: 'GET', url: '/api/activities/venue/2147483648/activity/spin/v2/timetable' }),
    ],
    ['venue=2147483648 on the times', () => t.request({ method: 'GET', url: '/api/activities/venue/2147483648/activity/spin/times' })],
    [
      'date=9999-12-31',
      () => t.request({ method: 'GET', url: '/api/activities/venue/harrogate/activity/spin/v2/timetable?date=9999-12-31' }),
    ],
    ['date=0000-01-01', () => t.request({ method: 'GET', url: '/api/activities/venue/harrogate/activity/spin/timetable?date=0000-01-01' })],
    ['date=2026-02-30', () => t.request({ method: 'GET', url: '/api/activities/venue/harrogate/activity/spin/timetable?date=2026-02-30' })],
    [
      'cart_item_ids past int32',
      () => t.request({ method: 'POST', url: '/api/checkout/cart/remove', as: customer, payload: { cart_item_ids: [INT32 + 1] } }),
    ],
  ];
  for (const [title, send] of examples) {
    it(`${title}: a 4xx, not a 500`, async () => {
      const res = await send();
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
    });
  }
});
