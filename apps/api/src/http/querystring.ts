import { parse } from 'node:querystring';

/**
 * Query strings as clients send lists: `ids=1&ids=2` and `ids[]=1&ids[]=2` both become `ids: ['1', '2']`, so the
 * spec's snake_case params work whether the client's serialiser adds brackets or not.
 */
export function parseQueryString(text: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  // Most calls carry no query string; Fastify asks anyway.
  if (text === '') return out;
  for (const [rawKey, value] of Object.entries(parse(text))) {
    if (value === undefined) continue;
    const isList = rawKey.endsWith('[]');
    const key = isList ? rawKey.slice(0, -2) : rawKey;
    const values = Array.isArray(value) ? value : [value];
    const existing = out[key];
    if (existing === undefined) out[key] = isList || values.length > 1 ? values : (values[0] as string);
    else out[key] = [...(Array.isArray(existing) ? existing : [existing]), ...values];
  }
  return out;
}
