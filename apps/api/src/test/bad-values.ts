import fc from 'fast-check';

/**
 * The classes of bad input the fuzzers send (issue 9, fault 7; decision 078), each a set of values a field's schema
 * should refuse. Every field of every operation gets one value of every class that applies to it (decision 182), so
 * no class is left to chance; fast-check picks which value of the class, from a seed per operation, field and class.
 */

// biome-ignore lint/suspicious/noExplicitAny: JSON Schema and JSON bodies are read loosely
export type Json = any;

export const INT32 = 2_147_483_647;
export const SEED = 20261124;

/** A class of bad values: its name (in failure messages) and the values, or an arbitrary drawing them. */
export interface BadClass {
  name: string;
  values: fc.Arbitrary<Json>;
}

/** Text with at least one control character (or a lone surrogate) somewhere in it. */
export const controlText = fc
  .tuple(
    fc.array(fc.constantFrom('a', 'é', '\u202e', '\u0000', '\u001b'), { maxLength: 8 }),
    fc.constantFrom('\u0000', '\u0001', '\u0007', '\u001b', '\u001f', '\u007f', '\ud800'),
    fc.array(fc.constantFrom('a', 'é', '\u0000'), { maxLength: 4 }),
  )
  .map(([before, control, after]) => `a${before.join('')}${control}${after.join('')}`);

export const deep = (levels: number): Json => {
  let v: Json = 1;
  for (let i = 0; i < levels; i++) v = { a: v };
  return v;
};

const numbersPastInt32 = ['2147483648', '-2147483649', '9223372036854775808', '99999999999999999999999'];
const numbersOutOfRange = ['-1', '0', '1.5', '1e400'];
const notNumbers = ['NaN', 'Infinity', '0x10', '', 'null', 'true', 'abc'];
export const badDays = ['9999-12-31', '0000-01-01', '2026-02-30', '2026-13-01', '275760-09-13', '1899-12-31'];
export const badInstants = ['9999-12-31 23:59:59', '0000-01-01T00:00:00Z', '2026-02-30T10:00:00Z', '2026-13-01 10:00:00'];
/** Names of text parameters that may carry an id (the spec's venue may be a slug or an id). */
const idLike = /(^id$|Id$|_id$|^venue|Identifier$)/;

export const resolved = (schema: Json): Json =>
  schema?.anyOf?.find((s: Json) => s.type === 'integer') ?? schema?.anyOf?.[0] ?? schema ?? {};
const isDay = (schema: Json) => typeof schema.pattern === 'string' && schema.pattern.includes('\\d{4}');
export const tooLong = (schema: Json): string => 'x'.repeat(Math.min((schema.maxLength ?? 200_000) + 1, 200_001));

const one = (name: string, values: Json[]): BadClass => ({ name, values: fc.constantFrom(...values) });
const control: BadClass = { name: 'control characters', values: controlText };

/**
 * The classes for a path or query parameter (text on the wire). Free text gets only what no text field takes
 * (control characters, more than its length); a parameter that may carry an id also gets numbers past int32, on
 * reads only (a slug that happens to be digits is valid text, just not an id).
 */
export function textClasses(schemaIn: Json, name: string, method: string): BadClass[] {
  const schema = resolved(schemaIn);
  const classes: BadClass[] = [control];
  if (schema.type === 'integer' || schema.type === 'number') {
    classes.push(one('past int32', numbersPastInt32), one('out of range', numbersOutOfRange), one('not a number', notNumbers));
  } else if (schema.type === 'boolean') classes.push(one('not a boolean', ['maybe', '2', '']));
  else if (schema.type === 'array') {
    classes.push(
      one('list item past int32', numbersPastInt32),
      one('list item not a number', notNumbers),
      one('list item a bad day', badDays),
    );
  } else if (schema.enum) classes.push(one('unknown enum value', ['unknown-value', '', 'NULL']));
  else if (isDay(schema)) classes.push(one('unreal or far date', [...badDays, ...badInstants, 'today']));
  else {
    if (schema.maxLength !== undefined && schema.maxLength < 3000) classes.push(one('too long', [tooLong(schema)]));
    if (method === 'GET' && idLike.test(name)) classes.push(one('past int32', numbersPastInt32));
  }
  return classes;
}

/** The classes for a JSON body field. */
export function jsonClasses(field: Json): BadClass[] {
  const schema = resolved(field);
  const classes: BadClass[] = [control, one('deep object', [deep(200)])];
  if (!schema.nullable && !field?.anyOf?.some((s: Json) => s.type === 'null')) classes.push(one('null', [null]));
  if (schema.type === 'integer' || schema.type === 'number') {
    classes.push(
      one('wrong type', ['1', true, [1], {}]),
      one('past int32', [2_147_483_648, -2_147_483_649, Number.MAX_SAFE_INTEGER, 1e308, -1e308]),
    );
    const range: Json[] = [];
    if (schema.type === 'integer') range.push(1.5);
    if (schema.maximum !== undefined && schema.maximum < INT32) range.push(schema.maximum + 1);
    if (schema.minimum !== undefined) range.push(schema.minimum - 1);
    if (range.length) classes.push(one('out of range', range));
  } else if (schema.type === 'boolean') classes.push(one('wrong type', ['true', 1, [true], {}]));
  else if (schema.type === 'array') {
    classes.push(one('wrong type', ['x', 1, {}]), one('bad list items', [[null], [2_147_483_648], [[[[[[[[[[1]]]]]]]]]], ['a\u0000']]));
    classes.push(one('too many items', [Array.from({ length: Math.min((schema.maxItems ?? 10_000) + 1, 10_001) }, (_, i) => i + 1)]));
  } else if (schema.type === 'object') classes.push(one('wrong type', ['x', 1, [], [{}]]));
  else {
    classes.push(one('wrong type', [1, true, ['x'], {}]), one('too long', [tooLong(schema)]));
    if (schema.enum) classes.push(one('unknown enum value', ['unknown-value', '']));
    if (isDay(schema)) classes.push(one('unreal or far date', [...badDays, ...badInstants]));
    if (schema.format === 'email') classes.push(one('not an email', ['not-an-email', '@example.com']));
  }
  return classes;
}

/** A small stable hash, so each operation, field and class draws from its own seed. */
const hash = (text: string): number => {
  let h = 0;
  for (const ch of text) h = (Math.imul(h, 31) + (ch.codePointAt(0) ?? 0)) | 0;
  return h;
};

/** One value of the class, the same on every run for the same operation, field and class. */
export function pick(c: BadClass, where: string): Json {
  return fc.sample(c.values, { seed: SEED ^ hash(`${where} ${c.name}`), numRuns: 1 })[0];
}

/** A value that passes the schema, so the one bad field is the only reason to refuse. */
export function validFor(schema: Json, name = ''): Json {
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

/** Percent-encodes text; a lone surrogate becomes the bytes a careless client would send (not UTF-8). */
export const encode = (text: string): string =>
  Array.from(text, (ch) => {
    try {
      return encodeURIComponent(ch);
    } catch {
      return '%ED%A0%80';
    }
  }).join('');

/** How a value is shown in a failure message: short. */
export const shown = (value: Json): string =>
  typeof value === 'string' && value.length > 40
    ? `'${value.slice(0, 20)}'...(${value.length})`
    : String(JSON.stringify(value)).slice(0, 60);
