import {
  datesParams,
  datesQuery,
  dayQuery,
  envelope,
  fastTicketTime,
  occurrence,
  occurrenceDeleteBody,
  occurrencesQuery,
  occurrenceUpdateBody,
  requiredMessage,
  slotsQuery,
  ticketsParams,
  ticketType,
  timetableDate,
  timetableParams,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctx } from '../../http/context';
import { fastResponse, writeReplyWith } from '../../http/fast-serializer';
import { fieldError } from '../../lib/errors';
import { anyStaffRole, staffWith } from '../staff/guard';
import { deleteOccurrence, updateOccurrence } from './maintenance';
import { dayAnswer } from './occurrence-view';
import { dayTimetable, fastTicketTimes, listOccurrences, oneOccurrence, ticketTypes, timetableDates } from './service';

const occurrenceId = z.object({ id: z.string().min(1).max(64) });
/** The day timetable's answer, the most requested: written by fast-json-stringify (decision 117). */
const dayResponse = fastResponse(envelope(z.array(occurrence)));

export const timetableRoutes: FastifyPluginAsyncZod = async (app) => {
  // v1 paths before a venue's activities_v2_migration_date, /v2/ from it: the client picks, both serve one model.
  for (const version of ['', '/v2']) {
    const base = `/activities/venue/:venue/activity/:activity${version}`;
    app.get(
      `${base}/timetable`,
      {
        config: { anonymousCache: true },
        schema: { tags: ['timetable'], params: timetableParams, querystring: dayQuery, response: { 200: dayResponse } },
      },
      async (req, reply) => {
        const data = await dayTimetable(
          ctx(req),
          req.params.venue,
          req.params.activity,
          req.query.date,
          undefined,
          req.query.source,
          req.query.selected_user_id,
        );
        // Written from each view's JSON, a shared day's written once (decision 296); set only once there is a day, so
        // an error is still written by the error handler's serializer.
        writeReplyWith(reply, dayAnswer);
        return { data };
      },
    );
    app.get(
      `${base}/slots`,
      {
        config: { anonymousCache: true },
        schema: { tags: ['timetable'], params: timetableParams, querystring: slotsQuery, response: { 200: envelope(z.array(occurrence)) } },
      },
      async (req) => ({
        data: await dayTimetable(
          ctx(req),
          req.params.venue,
          req.params.activity,
          req.query.date,
          req.query.location_id,
          undefined,
          req.query.selected_user_id,
        ),
      }),
    );
    app.get(
      `${base}/times`,
      {
        config: { anonymousCache: true },
        schema: {
          tags: ['timetable'],
          params: timetableParams,
          querystring: dayQuery,
          response: { 200: envelope(z.array(fastTicketTime)) },
        },
      },
      async (req) => ({
        data: await fastTicketTimes(
          ctx(req),
          req.params.venue,
          req.params.activity,
          req.query.date,
          req.query.source,
          req.query.selected_user_id,
        ),
      }),
    );
  }

  app.get(
    '/activities/venue/:venue/activity-category/:category/dates',
    {
      schema: {
        tags: ['timetable'],
        params: datesParams,
        querystring: datesQuery,
        response: { 200: envelope(z.record(z.string(), timetableDate)) },
      },
    },
    async (req) => ({ data: await timetableDates(ctx(req), req.params.venue, req.params.category, req.query.days) }),
  );

  app.get(
    '/activities/venue/:venue/activity-category/:category/activity/:activity/tickets',
    { schema: { tags: ['timetable'], params: ticketsParams, response: { 200: envelope(z.record(z.string(), ticketType)) } } },
    async (req) => ({ data: await ticketTypes(ctx(req), req.params.venue, req.params.category, req.params.activity) }),
  );

  app.get(
    '/activities/:id',
    { schema: { tags: ['timetable'], params: occurrenceId, response: { 200: envelope(occurrence) } } },
    async (req) => ({
      data: await oneOccurrence(ctx(req), req.params.id),
    }),
  );

  app.get(
    '/v1/activities/occurrences',
    { schema: { tags: ['timetable'], querystring: occurrencesQuery, response: { 200: envelope(z.array(occurrence)) } } },
    async (req) => ({ data: await listOccurrences(ctx(req), req.query) }),
  );

  app.patch(
    '/v1/activities/occurrences/:id',
    { schema: { tags: ['timetable'], params: occurrenceId, body: occurrenceUpdateBody, response: { 200: envelope(occurrence) } } },
    async (req) => {
      const c = await staffWith(req, anyStaffRole);
      await updateOccurrence(c, req.params.id, req.body);
      return { data: await oneOccurrence(c, req.params.id) };
    },
  );

  // The reason may come in the body or, for clients that send no body with DELETE, in the query.
  app.delete(
    '/v1/activities/occurrences/:id',
    {
      schema: {
        tags: ['timetable'],
        params: occurrenceId,
        querystring: occurrenceDeleteBody.partial(),
        body: occurrenceDeleteBody.partial().nullish(),
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      const c = await staffWith(req, anyStaffRole);
      const reason = req.body?.reason ?? req.query.reason;
      if (!reason) throw fieldError({ reason: [requiredMessage] });
      await deleteOccurrence(c, req.params.id, reason);
      return { data: null };
    },
  );
};
