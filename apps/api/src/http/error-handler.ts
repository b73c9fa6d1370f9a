import { statusMessages } from '@app/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, errorCatalogue } from '../lib/errors';

/** Turns a zod issue path ('/items/0/quantity') into the spec's dotted field key ('items.0.quantity'). */
const fieldKey = (instancePath: string): string => instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';

/**
 * PostgreSQL's SQLSTATE for bad data (class 22: invalid text, out of range, bad date, NUL in text) and for a value
 * too big for an index (54000), found on the error or its causes (drizzle wraps the driver's error).
 */
export function databaseDataError(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++) {
    if (typeof e.code === 'string' && /^(22[0-9A-Z]{3}|54000)$/.test(e.code)) return e.code;
  }
  return undefined;
}

/**
 * The one place an error becomes a response: AppError by its catalogue entry, schema failures as 422 with field
 * errors, the database's data errors as 422, Fastify's own 4xx (bad JSON, wrong media type, too large) with a plain message, anything else as a 500
 * whose details go to the log only.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      if (err.retryAfterSeconds !== undefined) reply.header('retry-after', String(err.retryAfterSeconds));
      return reply.status(err.status).send({
        message: err.message,
        code: err.code,
        ...(err.fieldErrors ? { errors: err.fieldErrors } : {}),
        ...(err.data !== undefined ? { data: err.data } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors: Record<string, string[]> = {};
      for (const issue of err.validation) {
        const key = fieldKey(issue.instancePath);
        errors[key] = [...(errors[key] ?? []), issue.message ?? 'The value is invalid.'];
      }
      const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid.';
      return reply.status(422).send({ message: first, code: 'validation_failed', errors });
    }
    const sqlState = databaseDataError(err);
    if (sqlState) {
      // Bad input that reached SQL is still bad input: a 422, logged so the schema that let it through gets fixed.
      req.log.warn({ sqlState, route: req.routeOptions.url }, 'input refused by the database');
      return reply.status(422).send({ message: errorCatalogue.invalid_input.message, code: 'invalid_input' });
    }
    const status = err.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ message: errorCatalogue.too_many_requests.message, code: 'too_many_requests' });
    }
    if (status >= 400 && status < 500 && !isResponseSerializationError(err)) {
      const known = status === 404 ? 'not_found' : status === 403 ? 'forbidden' : 'malformed_request';
      const message = status === 404 || status === 403 ? statusMessages[status] : errorCatalogue.malformed_request.message;
      return reply.status(status).send({ message, code: known });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ message: statusMessages.default, code: 'internal' });
  });
}
