import {
  auditEntry,
  auditQuery,
  bookingRecordMessages,
  customerHit,
  customerIdParams,
  customerSearchQuery,
  envelope,
  penaltyParams,
  penaltyPolicy,
  registerMarkBody,
  registerParams,
  registerSession,
  registersQuery,
  registerView,
  staffCustomerRecord,
  staffMe,
  staffMessages,
  staffRegisterBody,
  staffSettings,
  staffSettingsBody,
  waivePenaltyBody,
  waiveStrikeParams,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyStaffRole, managers, staffWith } from './guard';
import { penaltyPolicy as policyOf, updatePenaltyPolicy } from './penalties';
import { markRegister, registerOf, registersOf } from './registers';
import {
  auditLog,
  customerRecord,
  findCustomers,
  me,
  registerCustomer,
  settings,
  updateSettings,
  waivePenalty,
  waiveStrike,
} from './service';

const tags = ['staff'];

/**
 * The staff console's API (issue 15, decision 125): every route goes through staffWith with the roles it allows, so
 * customers, visitors and staff of another client are refused before anything is read.
 */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/staff/me', { schema: { tags, response: { 200: envelope(staffMe) } } }, async (req) => ({
    data: await me(await staffWith(req, anyStaffRole)),
  }));

  app.get('/staff/settings', { schema: { tags, response: { 200: envelope(staffSettings) } } }, async (req) => ({
    data: await settings(await staffWith(req, managers)),
  }));
  app.put('/staff/settings', { schema: { tags, body: staffSettingsBody, response: { 200: envelope(staffSettings) } } }, async (req) => ({
    data: await updateSettings(await staffWith(req, managers), req.body),
    message: staffMessages.settingsSaved,
  }));

  app.get('/staff/audit', { schema: { tags, querystring: auditQuery, response: { 200: envelope(z.array(auditEntry)) } } }, async (req) => ({
    data: await auditLog(await staffWith(req, managers), req.query.customer_id, req.query.page, req.query.per_page),
  }));

  app.get(
    '/staff/customers',
    { schema: { tags, querystring: customerSearchQuery, response: { 200: envelope(z.array(customerHit)) } } },
    async (req) => ({ data: await findCustomers(await staffWith(req, anyStaffRole), req.query.q, req.query.limit) }),
  );
  app.post(
    '/staff/customers',
    { schema: { tags, body: staffRegisterBody, response: { 200: envelope(staffCustomerRecord.shape.customer) } } },
    async (req) => ({
      data: await registerCustomer(await staffWith(req, anyStaffRole), req.body),
      message: staffMessages.customerRegistered,
    }),
  );
  app.get(
    '/staff/customers/:customerId',
    { schema: { tags, params: customerIdParams, response: { 200: envelope(staffCustomerRecord) } } },
    async (req) => ({ data: await customerRecord(await staffWith(req, anyStaffRole), req.params.customerId) }),
  );

  app.get(
    '/staff/registers',
    { schema: { tags, querystring: registersQuery, response: { 200: envelope(z.array(registerSession)) } } },
    async (req) => ({ data: await registersOf(await staffWith(req, anyStaffRole), req.query.venue_id, req.query.date) }),
  );
  app.get(
    '/staff/registers/:occurrenceId',
    { schema: { tags, params: registerParams, response: { 200: envelope(registerView) } } },
    async (req) => ({ data: await registerOf(await staffWith(req, anyStaffRole), req.params.occurrenceId) }),
  );
  app.post(
    '/staff/registers/:occurrenceId/attendance',
    { schema: { tags, params: registerParams, body: registerMarkBody, response: { 200: envelope(registerView) } } },
    async (req) => ({
      data: await markRegister(await staffWith(req, anyStaffRole), req.params.occurrenceId, req.body),
      message: bookingRecordMessages.attendanceSaved,
    }),
  );

  app.post(
    '/staff/customers/:customerId/strikes/:bookingId/:event/waive',
    { schema: { tags, params: waiveStrikeParams, body: waivePenaltyBody, response: { 200: envelope(staffCustomerRecord) } } },
    async (req) => ({
      data: await waiveStrike(await staffWith(req, anyStaffRole), req.params.customerId, req.params.bookingId, req.params.event, req.body),
      message: staffMessages.strikeWaived,
    }),
  );

  app.post(
    '/staff/customers/:customerId/penalties/:penaltyId/waive',
    { schema: { tags, params: penaltyParams, body: waivePenaltyBody, response: { 200: envelope(staffCustomerRecord) } } },
    async (req) => ({
      data: await waivePenalty(await staffWith(req, anyStaffRole), req.params.customerId, req.params.penaltyId, req.body),
      message: staffMessages.penaltyWaived,
    }),
  );

  app.get('/staff/penalty-policy', { schema: { tags, response: { 200: envelope(penaltyPolicy) } } }, async (req) => ({
    data: await policyOf(await staffWith(req, managers)),
  }));
  app.put('/staff/penalty-policy', { schema: { tags, body: penaltyPolicy, response: { 200: envelope(penaltyPolicy) } } }, async (req) => ({
    data: await updatePenaltyPolicy(await staffWith(req, managers), req.body),
    message: staffMessages.penaltyPolicySaved,
  }));
};
