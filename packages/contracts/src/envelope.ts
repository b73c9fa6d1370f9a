import { INT32_MAX } from './input';
import { z } from './zod-setup';

/** The spec's response envelope: `{ data, message?, meta? }`. */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ data, message: z.string().optional(), meta: z.record(z.string(), z.unknown()).optional() });

/** Field errors keyed by dotted path, each a list of messages. */
export const fieldErrors = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof fieldErrors>;

/** Every error body: a message for people, a stable code for programs, and field errors on a 422. */
export const errorBody = z.object({
  message: z.string(),
  code: z.string(),
  errors: fieldErrors.optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** List meta, exactly as document 2 describes it. */
export const listMeta = z.object({
  previous_page: z.number().int().nullable(),
  current_page: z.number().int(),
  next_page: z.number().int().nullable(),
  records_per_page: z.number().int(),
  records_on_current_page: z.number().int(),
  first_record_on_page: z.number().int().nullable(),
  last_record_on_page: z.number().int().nullable(),
  total_records: z.number().int().nullable(),
  total_pages: z.number().int().nullable(),
  sort_by: z.string().optional(),
  direction: z.enum(['ascending', 'descending']).optional(),
});
export type ListMeta = z.infer<typeof listMeta>;

export const pagination = z.object({
  page: z.coerce.number().int().max(INT32_MAX).min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});

/** A query-string boolean: 'true'/'1' or 'false'/'0'. */
export const queryBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

/** Positive integer id in a path or query. */
export const intId = z.coerce.number().int().min(1).max(INT32_MAX);
