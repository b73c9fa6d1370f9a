import {
  envelope,
  intId,
  listMeta,
  previousAttendee,
  previousAttendeesQuery,
  questionWaiversBody,
  restriction,
  restrictionAttachBody,
  restrictionAttachments,
  restrictionCategoryParams,
  restrictionCompletion,
  restrictionCompletionBody,
  restrictionCreateBody,
  restrictionListQuery,
  restrictionMessages,
  restrictionParams,
  restrictionScheduleParams,
  restrictionUpdateBody,
  waiverAgreement,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authed, ctx } from '../../http/context';
import { anyStaffRole, staffWith } from '../staff/guard';
import {
  restrictionAttachments as attachmentsOf,
  attachRestriction,
  createRestriction,
  detachRestriction,
  listRestrictions,
  oneRestriction,
  recordInductionDone,
  updateRestriction,
} from './admin';
import { previousAttendees, recordWaivers } from './attendees';

const tags = ['restrictions'];

export const restrictionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/activities/restrictions',
    { schema: { tags, querystring: restrictionListQuery, response: { 200: z.object({ data: z.array(restriction), meta: listMeta }) } } },
    async (req) => listRestrictions(await staffWith(req, anyStaffRole), req.query),
  );
  // A waiver's terms are shown to the customer who must agree to them, so one restriction is public.
  app.get(
    '/v1/activities/restrictions/:id',
    { schema: { tags, params: z.object({ id: intId }), response: { 200: envelope(restriction) } } },
    async (req) => ({ data: await oneRestriction(ctx(req), req.params.id) }),
  );
  app.post(
    '/v1/activities/restrictions',
    { schema: { tags, body: restrictionCreateBody, response: { 201: envelope(restriction) } } },
    async (req, reply) => reply.status(201).send({ data: await createRestriction(await staffWith(req, anyStaffRole), req.body) }),
  );
  app.patch(
    '/v1/activities/restrictions/:id',
    { schema: { tags, params: z.object({ id: intId }), body: restrictionUpdateBody, response: { 200: envelope(restriction) } } },
    async (req) => ({ data: await updateRestriction(await staffWith(req, anyStaffRole), req.params.id, req.body) }),
  );

  // Staff setup (decision 150, ours: the spec lists no such calls): what a restriction gates, and inductions done in
  // person. Changing terms (everyone agrees again) and the expiry period are the PATCH above.
  const attached = { 200: envelope(restrictionAttachments) };
  app.get(
    '/v1/activities/restrictions/:id/attachments',
    { schema: { tags, params: z.object({ id: intId }), response: attached } },
    async (req) => ({ data: await attachmentsOf(await staffWith(req, anyStaffRole), req.params.id) }),
  );
  app.put(
    '/v1/activities/restrictions/:id/schedules/:scheduleId',
    { schema: { tags, params: restrictionScheduleParams, body: restrictionAttachBody, response: attached } },
    async (req) => ({
      data: await attachRestriction(
        await staffWith(req, anyStaffRole),
        req.params.id,
        { scheduleId: req.params.scheduleId },
        req.body.criteria,
      ),
    }),
  );
  app.delete(
    '/v1/activities/restrictions/:id/schedules/:scheduleId',
    { schema: { tags, params: restrictionScheduleParams, response: attached } },
    async (req) => ({
      data: await detachRestriction(await staffWith(req, anyStaffRole), req.params.id, { scheduleId: req.params.scheduleId }),
    }),
  );
  app.put(
    '/v1/activities/restrictions/:id/categories/:categoryId',
    { schema: { tags, params: restrictionCategoryParams, body: restrictionAttachBody, response: attached } },
    async (req) => ({
      data: await attachRestriction(
        await staffWith(req, anyStaffRole),
        req.params.id,
        { categoryId: req.params.categoryId },
        req.body.criteria,
      ),
    }),
  );
  app.delete(
    '/v1/activities/restrictions/:id/categories/:categoryId',
    { schema: { tags, params: restrictionCategoryParams, response: attached } },
    async (req) => ({
      data: await detachRestriction(await staffWith(req, anyStaffRole), req.params.id, { categoryId: req.params.categoryId }),
    }),
  );
  app.post(
    '/v1/activities/restrictions/:id/completions',
    {
      schema: {
        tags,
        params: z.object({ id: intId }),
        body: restrictionCompletionBody,
        response: { 201: envelope(restrictionCompletion) },
      },
    },
    async (req, reply) =>
      reply.status(201).send({ data: await recordInductionDone(await staffWith(req, anyStaffRole), req.params.id, req.body.user_id) }),
  );

  // The attendees calls (doc 1, section 7) under the activities base.
  app.get(
    '/activities/:restrictionId/question-waivers/previous-attendees',
    {
      schema: {
        tags,
        params: restrictionParams,
        querystring: previousAttendeesQuery,
        response: { 200: envelope(z.array(previousAttendee)) },
      },
    },
    async (req) => ({ data: await previousAttendees(authed(req), req.params.restrictionId, req.query) }),
  );
  app.post(
    '/activities/question-waivers',
    { schema: { tags, body: questionWaiversBody, response: { 200: envelope(z.array(waiverAgreement)) } } },
    async (req) => ({ data: await recordWaivers(authed(req), req.body), message: restrictionMessages.agreed }),
  );
};
