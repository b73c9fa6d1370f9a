import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';

/** What to say when a field is empty, and when it holds something of the wrong form or length. */
export interface FieldWords {
  empty: string;
  /** A wrong format (an email address without an @). */
  invalid?: string;
  /** Too short (a password under its minimum). */
  tooShort?: string;
}

const isEmpty = (value: unknown) =>
  value === undefined || value === null || value === false || (typeof value === 'string' && value.trim() === '');

/**
 * The API's own zod schema checks the form (one set of rules), and the words come from the form: 'Enter your first
 * name' rather than the schema's 'Must contain at least 1 character(s)' (issue 13, defect 7). Errors the words do
 * not cover keep the schema's message.
 */
export function resolverWithWords<T extends FieldValues>(
  schema: Parameters<typeof zodResolver>[0],
  words: Partial<Record<keyof T & string, FieldWords>>,
): Resolver<T> {
  const base = zodResolver(schema) as unknown as Resolver<T>;
  return async (values, context, options) => {
    const result = await base(values, context, options);
    for (const [name, error] of Object.entries(result.errors) as [keyof T & string, FieldError | undefined][]) {
      const w = words[name];
      if (!w || !error) continue;
      if (isEmpty(values[name])) error.message = w.empty;
      else if (error.type === 'too_small' && w.tooShort) error.message = w.tooShort;
      else if (error.type === 'invalid_format' && w.invalid) error.message = w.invalid;
    }
    return result;
  };
}

type ErrorTree = { message?: string | undefined; [key: string]: unknown } | undefined;

/** A field's error by its path ('address.line1' reads the error nested under `address`). */
const errorAt = (errors: Record<string, unknown>, path: string): string | undefined => {
  const found = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], errors);
  const message = (found as ErrorTree)?.message;
  return typeof message === 'string' && message !== '' ? message : undefined;
};

/**
 * The form's errors in the order its fields are drawn, for the error summary: `idOf` names each field's input. A
 * field is named by its path, so a nested field ('address.postcode') has its own line.
 */
export function summaryOf(errors: object, order: readonly string[], idOf: (name: string) => string) {
  return order.flatMap((name) => {
    const message = errorAt(errors as Record<string, unknown>, name);
    return message ? [{ id: idOf(name), message }] : [];
  });
}
