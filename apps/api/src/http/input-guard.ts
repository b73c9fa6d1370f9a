import { controlCharacterFields, controlCharacterMessage } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { fieldError } from '../lib/errors';

/**
 * Text with control characters is refused on every route, before its schema runs: a 422 naming each field, as the
 * schema's own failures are. One hook rather than a refinement on each of the contracts' strings, so a route added
 * later cannot forget it (PostgreSQL refuses a NUL in `text`, which was a 500; issue 9, fault 7).
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    const fields = [...controlCharacterFields(req.params), ...controlCharacterFields(req.query), ...controlCharacterFields(req.body)];
    if (fields.length > 0) throw fieldError(Object.fromEntries(fields.map((f) => [f, [controlCharacterMessage]])));
  });
}
