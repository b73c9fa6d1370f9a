import {
  accountPenalty,
  customerIdParams,
  deskBooking,
  deskBookingParams,
  deskCancelBody,
  deskCancelResult,
  deskRegisterMessages,
  envelope,
  registerParams,
  registerView,
  selectedUserQuery,
  walkInBody,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authed } from '../../http/context';
import { accountPenalties } from './account-penalties';
import { deskBookings, deskCancel } from './desk-cancel';
import { anyStaffRole, staffWith } from './guard';
import { addWalkIn } from './walk-ins';

/**
 * The desk's cancelling for a customer and walk-ins (decisions 165, 166), behind the staff guard like every staff
 * console route, and a customer's own penalties for My account (decision 167).
 */
export const deskRegisterRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['staff'];
  app.get(
    '/staff/customers/:customerId/bookings',
    { schema: { tags, params: customerIdParams, response: { 200: envelope(z.array(deskBooking)) } } },
    async (req) => ({ data: await deskBookings(await staffWith(req, anyStaffRole), req.params.customerId) }),
  );
  app.post(
    '/staff/customers/:customerId/bookings/:bookingId/cancel',
    { schema: { tags, params: deskBookingParams, body: deskCancelBody, response: { 200: envelope(deskCancelResult) } } },
    async (req) => ({
      data: await deskCancel(await staffWith(req, anyStaffRole), req.params.customerId, req.params.bookingId, req.body),
      message: deskRegisterMessages.bookingCancelled,
    }),
  );
  app.post(
    '/staff/registers/:occurrenceId/walk-ins',
    { schema: { tags, params: registerParams, body: walkInBody, response: { 200: envelope(registerView) } } },
    async (req) => ({
      data: await addWalkIn(await staffWith(req, anyStaffRole), req.params.occurrenceId, req.body),
      message: deskRegisterMessages.walkInAdded,
    }),
  );

  app.get(
    '/my-account/penalties',
    { schema: { tags: ['my-account'], querystring: selectedUserQuery, response: { 200: envelope(z.array(accountPenalty)) } } },
    async (req) => ({ data: await accountPenalties(authed(req), req.query.selected_user_id) }),
  );
};
