import { controlCharacterFields, controlCharacterMessage } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { fieldError } from '../lib/errors';

/**
 * Text with control characters is refused on every route, before its schema runs: a 422 naming each field, as the
 * schema's own failures are. One hook rather than a refinement on each of the contracts' strings, so a route added
 * later cannot forget it (PostgreSQL refuses a NUL in `text`, which was a 500; issue 9, fault 7).
 */
export function registerInputGuard(app: FastifyInstance): void {
  // Callback style: an async hook costs every request a promise and a turn of the microtask queue for nothing.
  app.addHook('preValidation', (req, _reply, done) => {
    const fields = [...controlCharacterFields(req.params), ...controlCharacterFields(req.query), ...controlCharacterFields(req.body)];
    if (fields.length > 0) return done(fieldError(Object.fromEntries(fields.map((f) => [f, [controlCharacterMessage]]))));
    done();
  });
}
