import { statusMessages } from '@app/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, errorCatalogue } from '../lib/errors';

/** Turns a zod issue path ('/items/0/quantity') into the spec's dotted field key ('items.0.quantity'). */
const fieldKey = (instancePath: string): string => instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';

/**
 * The one place an error becomes a response: AppError by its catalogue entry, schema failures as 422 with field
 * errors, Fastify's own 4xx (bad JSON, wrong media type, too large) with a plain message, anything else as a 500
 * whose details go to the log only.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
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
