import {
  accountBooking,
  accountMessages,
  bookingBundle,
  bookingListQuery,
  bookingParams,
  bookingReadQuery,
  bookingRecord,
  bookingRecordMessages,
  bookingUpdateBody,
  bundleParams,
  cancelBookingQuery,
  envelope,
  intId,
  listMeta,
  myBundlesQuery,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthedCtx, authed } from '../../http/context';
import { cancelBooking } from '../accounts/service';
import { audit } from '../staff/audit';
import { staffOrCustomer, staffRoleHere } from '../staff/guard';
import { getBooking, listBookings, updateBooking } from './records';
import { getBundle, myBundles, updateBundle } from './service';

const tags = ['bookings'];
const paged = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), meta: listMeta });
/** Who cancels when the call does not say: a customer from My account, staff at the front desk. */
const defaultSource = (c: AuthedCtx) => (c.user.role === 'staff' ? 'foh' : 'my-account');

/** Bookings and booking bundles (doc 2, section 7; the paths are ours: docs/decisions/083-bookings-and-bundles.md). */
export const bookingBundleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/activities/bookings',
    { schema: { tags, querystring: bookingListQuery, response: { 200: paged(bookingRecord) } } },
    async (req) => {
      // The staff bookings list: a role at this client, and an audit row saying whose bookings were read (decision 167).
      const c = await staffRoleHere(req);
      const list = await listBookings(c, req.query);
      const whose = req.query.selected_user_id ?? req.query.user_id ?? null;
      await audit(c, 'bookings.listed', whose, { query: req.query, count: list.data.length });
      return list;
    },
  );
  app.get(
    '/v1/activities/bookings/:bookingId',
    { schema: { tags, params: bookingParams, querystring: bookingReadQuery, response: { 200: envelope(bookingRecord) } } },
    async (req) => ({ data: await getBooking(await staffOrCustomer(req), req.params.bookingId, req.query.selected_user_id) }),
  );
  app.patch(
    '/v1/activities/bookings/:bookingId',
    { schema: { tags, params: bookingParams, body: bookingUpdateBody, response: { 200: envelope(bookingRecord) } } },
    async (req) => ({ data: await updateBooking(await staffOrCustomer(req), req.params.bookingId, req.body) }),
  );
  app.delete(
    '/v1/activities/bookings/:bookingId',
    { schema: { tags, params: bookingParams, querystring: bookingReadQuery, response: { 200: envelope(bookingRecord) } } },
    async (req) => {
      const c = await staffOrCustomer(req);
      const data = await updateBooking(c, req.params.bookingId, {
        update_type: 'cancellation',
        cancellation_source: req.query.cancellation_source ?? defaultSource(c),
      });
      return { data, message: bookingRecordMessages.bundleCancelled };
    },
  );

  app.get(
    '/v1/activities/booking-bundles/:bundleId',
    { schema: { tags, params: bundleParams, querystring: bookingReadQuery, response: { 200: envelope(bookingBundle) } } },
    async (req) => ({ data: await getBundle(await staffOrCustomer(req), req.params.bundleId, req.query.selected_user_id) }),
  );
  app.patch(
    '/v1/activities/booking-bundles/:bundleId',
    { schema: { tags, params: bundleParams, body: bookingUpdateBody, response: { 200: envelope(bookingBundle) } } },
    async (req) => {
      const done = await updateBundle(await staffOrCustomer(req), req.params.bundleId, req.body);
      return { data: done.bundle, message: done.message };
    },
  );
  app.delete(
    '/v1/activities/booking-bundles/:bundleId',
    { schema: { tags, params: bundleParams, querystring: bookingReadQuery, response: { 200: envelope(bookingBundle) } } },
    async (req) => {
      const c = await staffOrCustomer(req);
      const done = await updateBundle(c, req.params.bundleId, {
        update_type: 'cancellation',
        cancellation_source: req.query.cancellation_source ?? defaultSource(c),
      });
      return { data: done.bundle, message: done.message };
    },
  );

  app.get(
    '/my-account/booking-bundles',
    { schema: { tags, querystring: myBundlesQuery, response: { 200: paged(bookingBundle) } } },
    async (req) => myBundles(authed(req), req.query),
  );

  // Doc 2 writes the cancel call with a trailing slash: DELETE activities/bookings/{bookingId}/ (source=bookings);
  // the address without it is the same call, with the same staff check (a staff session with no role here cancelled
  // anyone's booking through a second copy of this route that skipped it).
  for (const url of ['/activities/bookings/:bookingId/', '/activities/bookings/:bookingId'])
    app.delete(
      url,
      {
        schema: {
          tags,
          params: z.object({ bookingId: intId }),
          querystring: cancelBookingQuery,
          response: { 200: envelope(accountBooking) },
        },
      },
      async (req) => ({
        data: await cancelBooking(await staffOrCustomer(req), req.params.bookingId, req.query.selected_user_id),
        message: accountMessages.bookingCancelled,
      }),
    );
};
