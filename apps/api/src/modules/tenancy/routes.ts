import { client, envelope, footer, maintenanceBody, theme, themeQuery, themeUpdateBody } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctx } from '../../http/context';
import { areaOrigins } from '../../http/subdomains';
import { anyStaffRole, staffWith } from '../staff/guard';
import { describeClient, footerHtml, resolveTheme, switchMaintenance, updateTheme } from './service';

export const tenancyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/client',
    { schema: { tags: ['tenancy'], summary: 'The client (operator) this host serves', response: { 200: envelope(client) } } },
    async (req) => ({ data: describeClient(ctx(req), areaOrigins(req, app.deps.config.subdomains)) }),
  );

  app.get(
    '/frontend/theme',
    { schema: { tags: ['tenancy'], querystring: themeQuery, response: { 200: envelope(theme) } } },
    async (req) => ({ data: await resolveTheme(ctx(req), req.query.venue) }),
  );

  app.put(
    '/frontend/theme',
    {
      schema: {
        tags: ['tenancy'],
        summary: "Staff: change the client's theme, or a venue's override with ?venue=",
        querystring: themeQuery,
        body: themeUpdateBody,
        response: { 200: envelope(theme) },
      },
    },
    async (req) => ({ data: await updateTheme(await staffWith(req, anyStaffRole), req.query.venue, req.body) }),
  );

  app.put(
    '/client/maintenance',
    {
      schema: {
        tags: ['tenancy'],
        summary: 'Staff: switch planned maintenance on or off (the theme call then answers 503)',
        body: maintenanceBody,
        response: { 200: envelope(maintenanceBody) },
      },
    },
    async (req) => ({ data: await switchMaintenance(await staffWith(req, anyStaffRole), req.body.maintenance) }),
  );

  app.get(
    '/activities/footer',
    { schema: { tags: ['tenancy'], querystring: themeQuery, response: { 200: envelope(footer) } } },
    async (req) => ({ data: { html: await footerHtml(ctx(req), req.query.venue) } }),
  );
};
