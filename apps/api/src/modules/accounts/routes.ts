import {
  accountBooking,
  accountBookingsQuery,
  accountDetails,
  accountGuestPass,
  accountMembership,
  accountMessages,
  accountPackage,
  accountPayment,
  detailsUpdateBody,
  envelope,
  linkedUser,
  linkedUserParams,
  linkRequestBody,
  listMeta,
  pagination,
  selectedUserQuery,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authed } from '../../http/context';
import { changeLink, endLink, getLink, listLinks, requestLink } from './linked-users';
import { bookingList, details, guestPassList, membershipList, packageList, paymentList, updateDetails } from './service';

const tags = ['my-account'];
const paged = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), meta: listMeta });

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/my-account/details',
    { schema: { tags, querystring: selectedUserQuery, response: { 200: envelope(accountDetails) } } },
    async (req) => ({ data: await details(authed(req), req.query.selected_user_id) }),
  );

  app.put(
    '/my-account/details',
    { schema: { tags, querystring: selectedUserQuery, body: detailsUpdateBody, response: { 200: envelope(accountDetails) } } },
    async (req) => ({
      data: await updateDetails(authed(req), req.query.selected_user_id, req.body),
      message: accountMessages.detailsUpdated,
    }),
  );

  app.get(
    '/my-account/memberships',
    { schema: { tags, querystring: selectedUserQuery, response: { 200: envelope(z.array(accountMembership)) } } },
    async (req) => ({ data: await membershipList(authed(req), req.query.selected_user_id) }),
  );

  app.get(
    '/my-account/packages',
    { schema: { tags, querystring: selectedUserQuery, response: { 200: envelope(z.array(accountPackage)) } } },
    async (req) => ({ data: await packageList(authed(req), req.query.selected_user_id) }),
  );

  app.get(
    '/my-account/guest-passes',
    { schema: { tags, querystring: selectedUserQuery, response: { 200: envelope(z.array(accountGuestPass)) } } },
    async (req) => ({ data: await guestPassList(authed(req), req.query.selected_user_id) }),
  );

  app.get(
    '/my-account/bookings',
    { schema: { tags, querystring: accountBookingsQuery, response: { 200: paged(accountBooking) } } },
    async (req) => bookingList(authed(req), req.query),
  );

  app.get(
    '/my-account/payments',
    { schema: { tags, querystring: selectedUserQuery.extend(pagination.shape), response: { 200: paged(accountPayment) } } },
    async (req) => paymentList(authed(req), req.query),
  );

  app.get('/my-account/linked-users', { schema: { tags, response: { 200: envelope(z.array(linkedUser)) } } }, async (req) => ({
    data: await listLinks(authed(req)),
  }));

  app.post(
    '/my-account/linked-users',
    {
      schema: { tags, body: linkRequestBody, response: { 201: envelope(linkedUser) } },
      // Each request is kept whether or not anyone matches (decision 076), so how fast they may come is bounded.
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (req, reply) =>
      reply.status(201).send({ data: await requestLink(authed(req), req.body), message: accountMessages.linkRequested }),
  );

  app.get(
    '/my-account/linked-users/:linked_user_id',
    { schema: { tags, params: linkedUserParams, response: { 200: envelope(linkedUser) } } },
    async (req) => ({ data: await getLink(authed(req), req.params.linked_user_id) }),
  );

  app.post(
    '/my-account/linked-users/:linked_user_id/accept',
    { schema: { tags, params: linkedUserParams, response: { 200: envelope(linkedUser) } } },
    async (req) => ({ data: await changeLink(authed(req), req.params.linked_user_id, 'accept') }),
  );

  app.delete(
    '/my-account/linked-users/:linked_user_id',
    { schema: { tags, params: linkedUserParams, response: { 200: envelope(linkedUser) } } },
    async (req) => ({ data: await endLink(authed(req), req.params.linked_user_id) }),
  );
};
