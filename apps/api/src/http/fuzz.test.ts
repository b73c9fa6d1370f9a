import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, staff } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/harness';

/**
 * The input fuzzer (issue 9, fault 7): every operation of the OpenAPI document the app serves gets classes of bad
 * values in one parameter or body field at a time (the rest of the request valid as far as its schema says), as a
 * visitor, as a logged-in customer and, on staff routes, as staff. Bad input must be a 4xx and change nothing: the
 * test fails on any 5xx, on any answer the database's data-exception net had to give (that means a schema lets a bad
 * value reach SQL), and on any change to the business tables. Since every value sent is invalid, nothing is
 * expected to change, not even the fuzzing customer's own basket. Requests are bounded (a fixed seed and a fixed
 * number of runs per operation and caller) so the file runs in well under a minute on PGlite.
 */

// biome-ignore lint/suspicious/noExplicitAny: JSON Schema and JSON bodies are read loosely
type Json = any;

const INT32 = 2_147_483_647;
/** Runs per operation and caller: 90 operations take input, 33 of them staff routes, so 1,704 requests. */
const RUNS = 8;
const SEED = 20261124;

/**
 * Tables that change for reasons other than the request's input: the caller's own sessions, background jobs, and
 * failed logins (a refused login counts towards throttling whatever was typed, decision 051).
 */
const UNWATCHED = new Set(['sessions', 'jobs', 'login_failures']);

/** A value that passes the schema, so the one bad field is the only reason to refuse. */
function validFor(schema: Json, name = ''): Json {
  if (!schema) return 'x';
  if (schema.default !== undefined) return schema.default;
  if (schema.enum) return schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  if (schema.anyOf) return validFor(schema.anyOf[0], name);
  if (schema.oneOf) return validFor(schema.oneOf[0], name);
  if (schema.allOf) return validFor(schema.allOf[0], name);
  switch (schema.type) {
    case 'object': {
      const out: Record<string, Json> = {};
      for (const key of schema.required ?? []) out[key] = validFor(schema.properties?.[key], key);
      return out;
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 1 }, () => validFor(schema.items, name));
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return true;
    default: {
      if (schema.format === 'email' || /email/.test(name)) return 'fuzz.customer@example.com';
      if (/password/.test(name)) return 'fuzz-pass-2026';
      if (schema.pattern?.includes('\\d{4}-')) return '2026-12-01';
      if (/venue/.test(name)) return 'harrogate';
      if (/activity|category/.test(name)) return 'spin';
      return 'a'.repeat(Math.max(schema.minLength ?? 1, 1));
    }
  }
}

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
    const resolved = nextSchema?.anyOf?.[0] ?? nextSchema;
    if (node[key] === undefined || node[key] === null || typeof node[key] !== 'object') node[key] = validFor(resolved);
    if (node[key] === null || typeof node[key] !== 'object') node[key] = typeof path[i + 1] === 'number' ? [] : {};
    node = node[key];
    nodeSchema = resolved;
  }
  node[path[path.length - 1] as string | number] = value;
  return root;
}

/** Text with at least one control character (or a lone surrogate) somewhere in it. */
const controlText = fc
  .tuple(
    fc.array(fc.constantFrom('a', 'é', '\u202e', '\u0000', '\u001b'), { maxLength: 8 }),
    fc.constantFrom('\u0000', '\u0001', '\u0007', '\u001b', '\u001f', '\u007f', '\ud800'),
    fc.array(fc.constantFrom('a', 'é', '\u0000'), { maxLength: 4 }),
  )
  .map(([before, control, after]) => `a${before.join('')}${control}${after.join('')}`);

const deep = (levels: number): Json => {
  let v: Json = 1;
  for (let i = 0; i < levels; i++) v = { a: v };
  return v;
};

const numbersAsText = ['2147483648', '-2147483649', '9223372036854775808', '99999999999999999999999', '-1', '0', '1.5', '1e400'];
const notNumbers = ['NaN', 'Infinity', '0x10', '', 'null', 'true', 'abc'];
const badDays = ['9999-12-31', '0000-01-01', '2026-02-30', '2026-13-01', '275760-09-13', '1899-12-31'];
const badInstants = ['9999-12-31 23:59:59', '0000-01-01T00:00:00Z', '2026-02-30T10:00:00Z', '2026-13-01 10:00:00'];
/** Names of text parameters that may carry an id (the spec's venue may be a slug or an id). */
const idLike = /(^id$|Id$|_id$|^venue|Identifier$)/;

const resolved = (schema: Json): Json => schema?.anyOf?.find((s: Json) => s.type === 'integer') ?? schema?.anyOf?.[0] ?? schema ?? {};
const isDay = (schema: Json) => typeof schema.pattern === 'string' && schema.pattern.includes('\\d{4}');
const tooLong = (schema: Json): string => 'x'.repeat(Math.min((schema.maxLength ?? 200_000) + 1, 200_001));

/**
 * Values the field's schema should refuse, as text (path and query parameters are text on the wire). Free text
 * gets only what no text field takes (control characters, more than its length); a parameter that may carry an id
 * also gets numbers past int32, on reads only (a slug that happens to be digits is valid text, just not an id).
 */
function badText(field: Field, method: string): fc.Arbitrary<string> {
  const schema = resolved(field.schema);
  const name = String(field.path[field.path.length - 1]);
  const values: string[] = [];
  if (schema.type === 'integer' || schema.type === 'number') values.push(...numbersAsText, ...notNumbers);
  else if (schema.type === 'boolean') values.push('maybe', '2', '');
  else if (schema.type === 'array') values.push(...numbersAsText, ...notNumbers, ...badDays);
  else if (schema.enum) values.push('unknown-value', '', 'NULL');
  else if (isDay(schema)) values.push(...badDays, ...badInstants, 'today');
  else {
    if (schema.maxLength !== undefined && schema.maxLength < 3000) values.push(tooLong(schema));
    if (method === 'GET' && idLike.test(name)) values.push(...numbersAsText.slice(0, 4));
  }
  return values.length ? fc.oneof(fc.constantFrom(...values), controlText) : controlText;
}

/** Values the field's schema should refuse, as JSON. */
function badJson(field: Field): fc.Arbitrary<Json> {
  const schema = resolved(field.schema);
  const values: Json[] = [{}, deep(200)];
  if (!schema.nullable && !field.schema?.anyOf?.some((s: Json) => s.type === 'null')) values.push(null);
  if (schema.type === 'integer' || schema.type === 'number') {
    values.push('1', true, 1e308, -1e308, [1]);
    if (schema.type === 'integer') values.push(1.5, 2_147_483_648, -2_147_483_649, Number.MAX_SAFE_INTEGER);
    if (schema.maximum !== undefined && schema.maximum < 2_147_483_647) values.push(schema.maximum + 1);
    if (schema.minimum !== undefined) values.push(schema.minimum - 1);
  } else if (schema.type === 'boolean') values.push('true', 1, [true]);
  else if (schema.type === 'array') {
    values.push('x', 1, [null], [2_147_483_648], [[[[[[[[[[1]]]]]]]]]], ['a\u0000']);
    values.push(Array.from({ length: Math.min((schema.maxItems ?? 10_000) + 1, 10_001) }, (_, i) => i + 1));
  } else if (schema.type === 'object') values.push('x', 1, [], [{}]);
  else {
    values.push(1, true, ['x'], tooLong(schema));
    if (schema.enum) values.push('unknown-value', '');
    if (isDay(schema)) values.push(...badDays, ...badInstants);
    if (schema.format === 'email') values.push('not-an-email', '@example.com');
  }
  return fc.oneof(fc.constantFrom(...values), controlText);
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

/** The rows of a raw query, on either driver. */
const rowsOf = async <T>(query: ReturnType<typeof sql.raw>): Promise<T[]> =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

let checksumQuery: string;

/** Row count and an order-free checksum of every business table, in one query. */
async function snapshot(): Promise<Record<string, string>> {
  const [row] = await rowsOf<Record<string, string>>(sql.raw(checksumQuery));
  return row ?? {};
}

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
  const tables = await rowsOf<{ name: string }>(
    sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  checksumQuery = `SELECT ${tables
    .filter(({ name }) => !UNWATCHED.has(name))
    .map(({ name }) => `(SELECT count(*) || ':' || coalesce(sum(hashtext(x::text)::bigint), 0) FROM "${name}" x) AS "${name}"`)
    .join(', ')}`;
  customer = await t.sessionFor(demo.email);
  staffAs = await t.sessionFor(staff.email);
}, 120_000);
afterAll(() => t?.close());

const isStaffRoute = (op: Operation) => /^\/api\/(v1|foh)\//.test(op.path) || /maintenance|frontend\/theme/.test(op.path);

/** Percent-encodes text; a lone surrogate becomes the bytes a careless client would send (not UTF-8). */
const encode = (text: string): string =>
  Array.from(text, (ch) => {
    try {
      return encodeURIComponent(ch);
    } catch {
      return '%ED%A0%80';
    }
  }).join('');

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
  const shown =
    typeof value === 'string' && value.length > 40 ? `'${value.slice(0, 20)}'...(${value.length})` : JSON.stringify(value)?.slice(0, 60);
  return {
    res,
    what: `${op.method} ${op.path} ${field.in}:${field.path.join('.')}=${shown} -> ${res.statusCode} ${res.body.slice(0, 160)}`,
  };
}

function fieldsOf(op: Operation): Field[] {
  const fields: Field[] = op.params
    .filter((p) => p.in === 'path' || p.in === 'query')
    .map((p) => ({ in: p.in, path: [p.name], schema: p.schema }));
  return [...fields, ...bodyFields(op.body)];
}

describe('fuzzing every route of the OpenAPI document with bad values', () => {
  it('reads a document with the routes of the spec', () => {
    expect(operations.length).toBeGreaterThan(80);
  });

  for (const caller of ['visitor', 'customer', 'staff'] as const) {
    it(`answers 4xx and changes nothing, as a ${caller}`, async () => {
      const as = caller === 'visitor' ? undefined : caller === 'customer' ? customer : staffAs;
      const failures: string[] = [];
      let before = await snapshot();
      for (const op of operations) {
        if (caller === 'staff' && !isStaffRoute(op)) continue;
        const fields = fieldsOf(op);
        if (fields.length === 0) continue;
        const arbitrary = fc
          .constantFrom(...fields)
          .chain((field) => fc.tuple(fc.constant(field), field.in === 'body' ? badJson(field) : badText(field, op.method)));
        await fc.assert(
          fc.asyncProperty(arbitrary, async ([field, value]) => {
            const { res, what } = await send(op, field, value, as);
            if (res.statusCode >= 500) failures.push(what);
            else if (res.json()?.code === 'invalid_input') failures.push(`(reached SQL) ${what}`);
          }),
          { numRuns: RUNS, seed: SEED },
        );
        const after = await snapshot();
        const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
        if (changed.length) failures.push(`${op.method} ${op.path} changed ${changed.join(', ')}`);
        before = after;
      }
      expect(failures.join('\n')).toBe('');
    }, 240_000);
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
