import fastJson from 'fast-json-stringify';
import type { FastifyReply, FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = { [key: string]: unknown };

/** Response schemas (zod, from @app/contracts) whose answers are written by fast-json-stringify (decision 117). */
const marked = new WeakSet<z.ZodType>();

/**
 * Marks a route's response schema to be written from its JSON Schema by fast-json-stringify instead of encoded by
 * zod on every answer: for the hot routes, whose answers the services build to the contract already. The zod
 * schema stays the single source (the JSON Schema is generated from it, and OpenAPI still reads it); the
 * equivalence with zod's output is tested on the demo's real answers (fast-serializer.test.ts).
 */
export function fastResponse<T extends z.ZodType>(schema: T): T {
  marked.add(schema);
  return schema;
}

/**
 * zod's JSON Schema, shaped for fast-json-stringify: a nullable value (zod writes `anyOf: [X, {type: 'null'}]`)
 * becomes X with `nullable: true`, which fast-json-stringify writes without trying each branch at run time (and
 * without writing null as `{}` for an object), and the draft's `$schema` goes.
 */
function forFastJson(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forFastJson);
  if (schema === null || typeof schema !== 'object') return schema;
  const s = schema as JsonSchema;
  const anyOf = s.anyOf as JsonSchema[] | undefined;
  if (anyOf?.length === 2) {
    const other = anyOf.find((branch) => branch.type !== 'null');
    if (other && anyOf.some((branch) => branch.type === 'null' && Object.keys(branch).length === 1)) {
      const { anyOf: _, ...rest } = s;
      return forFastJson({ ...rest, ...other, nullable: true });
    }
  }
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(s)) if (key !== '$schema') out[key] = forFastJson(value);
  return out;
}

/** The JSON Schema fast-json-stringify is compiled from, for a zod response schema (exported for the tests). */
export const jsonSchemaOf = (schema: z.ZodType): JsonSchema =>
  forFastJson(z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' })) as JsonSchema;

/** A writer for one zod response schema's answers, compiled once when the route is built. */
export const fastSerializerOf = (schema: z.ZodType): ((data: unknown) => string) => fastJson(jsonSchemaOf(schema));

/** The app's serializer compiler: fast-json-stringify for marked schemas, zod's encoding for every other route. */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) =>
  marked.has(route.schema) ? fastSerializerOf(route.schema) : zodSerializerCompiler(route);

/**
 * Has this reply's value written by `write` rather than the route's serializer: for a route that keeps the JSON of
 * what it answers (the day timetable, decision 296). The handler still returns the contract's value, so hooks see it
 * as on any route, and `write` must give the JSON the route's schema would (fast-serializer.test.ts compares them).
 * `write` may give bytes already encoded: Fastify sends a serializer's Buffer as it is (its reply takes a string or a
 * Buffer after serialization), though its type only names a string.
 */
export function writeReplyWith<T>(reply: FastifyReply, write: (value: T) => string | Buffer): void {
  reply.type('application/json; charset=utf-8');
  reply.serializer(write as (value: T) => string);
}
