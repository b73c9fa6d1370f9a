import {
  cancellationPolicies,
  cancellationPolicyBody,
  cancellationPolicyCategoryParams,
  cancellationPolicyMessages,
  cancellationPolicyScheduleParams,
  envelope,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { managers, staffWith } from '../staff/guard';
import { listPolicies, removePolicy, setPolicy } from './policy-settings';

const tags = ['staff'];
const answer = envelope(cancellationPolicies);

/**
 * The cancellation policy, for managers and administrators of the client (decision 192): read every level, set or
 * remove the client's own, a category's or a schedule's. No screen yet (the back-office issue adds one on these).
 */
export const cancellationPolicyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/staff/cancellation-policies', { schema: { tags, response: { 200: answer } } }, async (req) => {
    const c = await staffWith(req, managers);
    return { data: await listPolicies(c.db, c.client.id) };
  });

  app.put(
    '/staff/cancellation-policies/client',
    { schema: { tags, body: cancellationPolicyBody, response: { 200: answer } } },
    async (req) => ({
      data: await setPolicy(await staffWith(req, managers), { level: 'client' }, req.body),
      message: cancellationPolicyMessages.saved,
    }),
  );
  app.delete('/staff/cancellation-policies/client', { schema: { tags, response: { 200: answer } } }, async (req) => ({
    data: await removePolicy(await staffWith(req, managers), { level: 'client' }),
    message: cancellationPolicyMessages.removed,
  }));

  app.put(
    '/staff/cancellation-policies/categories/:categoryId',
    { schema: { tags, params: cancellationPolicyCategoryParams, body: cancellationPolicyBody, response: { 200: answer } } },
    async (req) => ({
      data: await setPolicy(await staffWith(req, managers), { level: 'category', categoryId: req.params.categoryId }, req.body),
      message: cancellationPolicyMessages.saved,
    }),
  );
  app.delete(
    '/staff/cancellation-policies/categories/:categoryId',
    { schema: { tags, params: cancellationPolicyCategoryParams, response: { 200: answer } } },
    async (req) => ({
      data: await removePolicy(await staffWith(req, managers), { level: 'category', categoryId: req.params.categoryId }),
      message: cancellationPolicyMessages.removed,
    }),
  );

  app.put(
    '/staff/cancellation-policies/schedules/:scheduleId',
    { schema: { tags, params: cancellationPolicyScheduleParams, body: cancellationPolicyBody, response: { 200: answer } } },
    async (req) => ({
      data: await setPolicy(await staffWith(req, managers), { level: 'schedule', scheduleId: req.params.scheduleId }, req.body),
      message: cancellationPolicyMessages.saved,
    }),
  );
  app.delete(
    '/staff/cancellation-policies/schedules/:scheduleId',
    { schema: { tags, params: cancellationPolicyScheduleParams, response: { 200: answer } } },
    async (req) => ({
      data: await removePolicy(await staffWith(req, managers), { level: 'schedule', scheduleId: req.params.scheduleId }),
      message: cancellationPolicyMessages.removed,
    }),
  );
};
