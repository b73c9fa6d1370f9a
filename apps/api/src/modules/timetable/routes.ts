import { daySlug, envelope, occurrence, timetableParams } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctx } from '../../http/context';
import { dayTimetable } from './service';

const timetableQuery = z.object({ date: daySlug.optional() });

export const timetableRoutes: FastifyPluginAsyncZod = async (app) => {
  // v1 before a venue's activities_v2_migration_date, /v2/ from it: the client picks the path, both serve one model.
  for (const url of ['/activities/venue/:venue/activity/:activity/timetable', '/activities/venue/:venue/activity/:activity/v2/timetable']) {
    app.get(
      url,
      {
        schema: {
          tags: ['timetable'],
          params: timetableParams,
          querystring: timetableQuery,
          response: { 200: envelope(z.array(occurrence)) },
        },
      },
      async (req) => ({ data: await dayTimetable(ctx(req), req.params.venue, req.params.activity, req.query.date) }),
    );
  }
};
