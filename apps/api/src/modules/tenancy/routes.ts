import { client, envelope, footer, theme, themeQuery } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctx } from '../../http/context';
import { describeClient, footerHtml, resolveTheme } from './service';

export const tenancyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/client',
    { schema: { tags: ['tenancy'], summary: 'The client (operator) this host serves', response: { 200: envelope(client) } } },
    async (req) => ({ data: describeClient(ctx(req)) }),
  );

  app.get(
    '/frontend/theme',
    { schema: { tags: ['tenancy'], querystring: themeQuery, response: { 200: envelope(theme) } } },
    async (req) => ({ data: await resolveTheme(ctx(req), req.query.venue) }),
  );

  app.get(
    '/activities/footer',
    { schema: { tags: ['tenancy'], querystring: themeQuery, response: { 200: envelope(footer) } } },
    async (req) => ({ data: { html: await footerHtml(ctx(req), req.query.venue) } }),
  );
};
