/** 'format_24_hour' -> 'format24Hour', 'theme_app_secondary_colour_1' -> 'themeAppSecondaryColour1'. */
export type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<CamelCase<Tail>>}` : S;

/** The camelCase view of a snake_case wire type, as the client hands it to the app. */
export type Camelize<T> = T extends readonly (infer U)[]
  ? Camelize<U>[]
  : T extends Date | ((...args: never[]) => unknown)
    ? T
    : T extends object
      ? { [K in keyof T as K extends string ? CamelCase<K> : K]: Camelize<T[K]> }
      : T;

// Every answer repeats the same few hundred field names, and the boot state alone carries thousands of keys: each
// name is converted once (a bounded map, since some objects are keyed by ids or dates), not once per occurrence.
const camelKeys = new Map<string, string>();

export const camelKey = (key: string): string => {
  let camel = camelKeys.get(key);
  if (camel === undefined) {
    camel = key.includes('_') ? key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()) : key;
    if (camelKeys.size < 5_000) camelKeys.set(key, camel);
  }
  return camel;
};

/** 'billingAddress1' -> 'billing_address_1', 'format24Hour' -> 'format_24_hour': the inverse of camelKey. */
export const snakeKey = (key: string): string =>
  key
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([a-zA-Z])(\d)/g, '$1_$2')
    .toLowerCase();

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

function convertKeys(value: unknown, convert: (key: string) => string, keep?: ReadonlySet<string>): unknown {
  if (Array.isArray(value)) return value.map((v) => convertKeys(v, convert, keep));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[convert(key)] = keep?.has(key) ? v : convertKeys(v, convert, keep);
  return out;
}

/** `keep` names keys whose values pass through untouched (a provider's own fields, such as 3-D Secure data). */
export const camelize = <T>(value: T, keep?: ReadonlySet<string>): Camelize<T> => convertKeys(value, camelKey, keep) as Camelize<T>;
export const snakify = (value: unknown): unknown => convertKeys(value, snakeKey);
