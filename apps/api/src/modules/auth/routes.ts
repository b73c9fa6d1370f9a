import {
  accountMessages,
  authUser,
  customer,
  envelope,
  forgottenPasswordBody,
  loginBody,
  loginResult,
  registerBody,
  registerQuery,
  resetPasswordBody,
  tokenExchangeBody,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authed, ctx } from '../../http/context';
import { fastResponse } from '../../http/fast-serializer';
import { linkOrigin } from '../../http/link-origin';
import { assertSameSite, clearSessionCookie, setSessionCookie } from '../../http/session';
import { runInBackground } from '../../lib/background';
import { currentUser, exchangeToken, forgottenPassword, login, logout, register, resetPassword } from './service';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/customer/login',
    {
      schema: { tags: ['auth'], body: loginBody, response: { 200: envelope(loginResult) } },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (req, reply) => {
      // Login CSRF: another site must not log a visitor into an account of its choosing.
      assertSameSite(req);
      const c = ctx(req);
      const { token, user } = await login(c, req.body, req.ip);
      // Browsers get an httpOnly cookie and never see the token; API clients that ask for it get it in the body.
      if (req.body.bearer) return { data: { token, user } };
      setSessionCookie(reply, c.config, c.client, token);
      return { data: { user } };
    },
  );

  app.post(
    '/auth/token',
    {
      schema: {
        tags: ['auth'],
        summary: "Exchange the app shell's token query parameter for the httpOnly session cookie",
        body: tokenExchangeBody,
        response: { 200: envelope(loginResult) },
      },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (req, reply) => {
      // Another site must not be able to log a visitor into someone else's account.
      assertSameSite(req);
      const c = ctx(req);
      const { token, user } = await exchangeToken(c, req.body.token);
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

  app.get('/auth/user', { schema: { tags: ['auth'], response: { 200: fastResponse(envelope(authUser)) } } }, async (req) => ({
    data: await currentUser(authed(req)),
  }));

  app.post(
    '/auth/customer/register',
    {
      schema: { tags: ['auth'], querystring: registerQuery, body: registerBody, response: { 201: envelope(customer) } },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (req, reply) => {
      assertSameSite(req);
      const c = ctx(req);
      const { token, customer: created } = await register(c, req.body, req.query.onboarding_type);
      if (token) setSessionCookie(reply, c.config, c.client, token);
      return reply.status(201).send({ data: created });
    },
  );

  app.post(
    '/auth/customer/forgotten-password',
    {
      schema: { tags: ['auth'], body: forgottenPasswordBody, response: { 200: envelope(z.null()) } },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (req) => {
      const c = ctx(req);
      // The answer goes before the account is even looked up, so its timing cannot tell whether the email has an
      // account (issue 9); the lookup, the reset row and the email follow once the answer is on its way.
      runInBackground(forgottenPassword(c, req.body.email_or_reference, linkOrigin(req)), (err) =>
        req.log.error({ err }, 'forgotten password: the reset email could not be prepared'),
      );
      return { data: null, message: accountMessages.resetRequested };
    },
  );

  app.post(
    '/auth/customer/reset-password',
    {
      schema: { tags: ['auth'], body: resetPasswordBody, response: { 200: envelope(z.null()) } },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (req) => ({ data: null, message: await resetPassword(ctx(req), req.body.token, req.body.password) }),
  );
};
