import { envelope, membershipPlan } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctx } from '../../http/context';
import { planList } from './service';

export const membershipRoutes: FastifyPluginAsyncZod = async (app) => {
  // Under the spec's online-joining base path (doc 1, section 7: /api/online-joining/); public, like the venues list.
  app.get(
    '/online-joining/plans',
    {
      schema: {
        tags: ['memberships'],
        summary: 'Membership plans for sale online, cheapest first (404 when the client has no online joining)',
        response: { 200: envelope(z.array(membershipPlan)) },
      },
    },
    async (req) => ({ data: await planList(ctx(req)) }),
  );
};
