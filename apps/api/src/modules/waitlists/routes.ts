import {
  cart,
  envelope,
  intId,
  myWaitlistEntry,
  selectedUserQuery,
  waitlistAddBody,
  waitlistEntry,
  waitlistMemberBody,
  waitlistOffer,
  waitlistOfferAcceptBody,
  waitlistOfferParams,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authed } from '../../http/context';
import { acceptOffer, getOffer, myWaitlists } from './offer-service';
import { joinWaitlist, leaveWaitlist } from './service';

const occurrenceParams = z.object({ id: z.string().min(1).max(64) });

/** Both readings of the waitlist calls: v2 by item and entry id, v1 by occurrence and user. */
export const waitlistRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/activities/waitlist/add',
    { schema: { tags: ['waitlists'], body: waitlistAddBody, response: { 200: envelope(waitlistEntry) } } },
    async (req) => {
      const { entry, message } = await joinWaitlist(authed(req), req.body.item.id);
      return { data: entry, message };
    },
  );

  app.delete(
    '/activities/waitlist/remove/:waitlistId',
    { schema: { tags: ['waitlists'], params: z.object({ waitlistId: intId }), response: { 200: envelope(z.null()) } } },
    async (req) => ({ data: null, message: (await leaveWaitlist(authed(req), { entryId: req.params.waitlistId })).message }),
  );

  app.post(
    '/v1/activities/occurrences/:id/waitlist/members',
    { schema: { tags: ['waitlists'], params: occurrenceParams, body: waitlistMemberBody, response: { 200: envelope(waitlistEntry) } } },
    async (req) => {
      const { entry, message } = await joinWaitlist(authed(req), req.params.id, req.body.data.user_id);
      return { data: entry, message };
    },
  );

  app.delete(
    '/v1/activities/occurrences/:id/waitlist/members/:userId',
    { schema: { tags: ['waitlists'], params: occurrenceParams.extend({ userId: intId }), response: { 200: envelope(z.null()) } } },
    async (req) => ({
      data: null,
      message: (await leaveWaitlist(authed(req), { occurrenceId: req.params.id, userId: req.params.userId })).message,
    }),
  );

  // Waitlist offers and My account's waitlists (issue 11; docs/decisions/102-waitlist-offers.md).
  app.get(
    '/waitlist-offers/:token',
    { schema: { tags: ['waitlists'], params: waitlistOfferParams, response: { 200: envelope(waitlistOffer) } } },
    async (req) => ({ data: await getOffer(authed(req), req.params.token) }),
  );
  app.post(
    '/waitlist-offers/:token/accept',
    { schema: { tags: ['waitlists'], params: waitlistOfferParams, body: waitlistOfferAcceptBody, response: { 200: envelope(cart) } } },
    async (req) => ({ data: await acceptOffer(authed(req), req.params.token, req.body.activity_restriction_ids) }),
  );
  app.get(
    '/my-account/waitlists',
    { schema: { tags: ['waitlists'], querystring: selectedUserQuery, response: { 200: envelope(z.array(myWaitlistEntry)) } } },
    async (req) => ({ data: await myWaitlists(authed(req), req.query.selected_user_id) }),
  );
};
