import { authUser, customer, envelope, loginBody, loginResult, registerBody, registerQuery } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authed, ctx } from '../../http/context';
import { clearSessionCookie, setSessionCookie } from '../../http/session';
import { currentUser, login, logout, register } from './service';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/customer/login',
    {
      schema: { tags: ['auth'], body: loginBody, response: { 200: envelope(loginResult) } },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (req, reply) => {
      const c = ctx(req);
      const { token, user } = await login(c, req.body);
      // Browsers get an httpOnly cookie and never see the token; API clients that ask for it get it in the body.
      if (req.body.bearer) return { data: { token, user } };
      setSessionCookie(reply, c.config, c.client, token);
      return { data: { user } };
    },
  );

  app.post('/auth/logout', { schema: { tags: ['auth'], response: { 200: envelope(z.null()) } } }, async (req, reply) => {
    const c = ctx(req);
    await logout(c);
    clearSessionCookie(reply, c.config, c.client);
    return { data: null };
  });

  app.get('/auth/user', { schema: { tags: ['auth'], response: { 200: envelope(authUser) } } }, async (req) => ({
    data: await currentUser(authed(req)),
  }));

  app.post(
    '/auth/customer/register',
    {
      schema: { tags: ['auth'], querystring: registerQuery, body: registerBody, response: { 201: envelope(customer) } },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (req, reply) => {
      const c = ctx(req);
      const { token, customer: created } = await register(c, req.body, req.query.onboarding_type);
      if (token) setSessionCookie(reply, c.config, c.client, token);
      return reply.status(201).send({ data: created });
    },
  );
};
