import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sandboxCardTokens } from '../db/schema';

/** Only a path on this site: the challenge never sends the customer to another site. */
const safeReturn = (value: string | undefined): string | null => (value && /^\/(?!\/)[^\s\\]*$/.test(value) ? value : null);

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] as string);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; background: #f4f4f5; color: #18181b; }
  main { max-width: 28rem; margin: 3rem auto; background: #fff; padding: 2rem; border-radius: 0.5rem; }
  h1 { font-size: 1.5rem; margin-top: 0; }
  .actions { display: flex; gap: 1rem; flex-wrap: wrap; margin-top: 1.5rem; }
  button { font: inherit; padding: 0.75rem 1.25rem; border-radius: 0.375rem; border: 2px solid #3f3f46; cursor: pointer; }
  button[value="passed"] { background: #166534; border-color: #166534; color: #fff; }
  button[value="failed"] { background: #fff; color: #991b1b; border-color: #991b1b; }
  button:focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

/**
 * The sandbox's 3-D Secure challenge page, standing for a card issuer's: the customer approves or fails the check,
 * the sandbox records the answer in its own store, and the browser goes back to the app's return address with the
 * transaction and the answer (decision 040). A plain HTML form: keyboard-usable, no script.
 */
export const sandboxChallengeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  const params = z.object({ transactionUuid: z.string().uuid() });

  app.get(
    '/3ds/:transactionUuid',
    { logLevel: 'warn', schema: { hide: true, params, querystring: z.object({ return_url: z.string().max(2048).optional() }) } },
    async (req, reply) => {
      const { db } = app.deps;
      const [token] = await db.select().from(sandboxCardTokens).where(eq(sandboxCardTokens.transactionUuid, req.params.transactionUuid));
      const back = safeReturn(req.query.return_url);
      reply.type('text/html; charset=utf-8');
      if (token?.behaviour !== 'challenge' || !back) {
        return reply
          .status(404)
          .send(page('Payment check not found', '<h1>Payment check not found</h1><p>This payment does not need a security check.</p>'));
      }
      return page(
        'Confirm your payment',
        `<h1>Confirm your payment</h1>
<p>Sandbox bank: a security check (3-D Secure) for the card ending ${escapeHtml(token.last4)}.</p>
<p>Choose what the card holder's bank should answer.</p>
<form method="post" action="/sandbox-provider/3ds/${escapeHtml(req.params.transactionUuid)}">
  <input type="hidden" name="return_url" value="${escapeHtml(back)}">
  <div class="actions">
    <button type="submit" name="result" value="passed">Complete authentication</button>
    <button type="submit" name="result" value="failed">Fail authentication</button>
  </div>
</form>`,
      );
    },
  );

  app.post(
    '/3ds/:transactionUuid',
    {
      logLevel: 'warn',
      schema: {
        hide: true,
        params,
        body: z.object({ result: z.enum(['passed', 'failed']), return_url: z.string().max(2048) }),
      },
    },
    async (req, reply) => {
      const { db } = app.deps;
      const back = safeReturn(req.body.return_url);
      if (!back) return reply.status(422).send({ message: 'The return address is invalid.', code: 'validation_failed' });
      // The first answer stands: going back and pressing the other button changes nothing.
      await db
        .update(sandboxCardTokens)
        .set({ challengeResult: req.body.result })
        .where(
          and(
            eq(sandboxCardTokens.transactionUuid, req.params.transactionUuid),
            eq(sandboxCardTokens.behaviour, 'challenge'),
            isNull(sandboxCardTokens.challengeResult),
          ),
        );
      const separator = back.includes('?') ? '&' : '?';
      const target = back.includes('transaction_uuid=')
        ? `${back}${separator}sca_result=${req.body.result}`
        : `${back}${separator}transaction_uuid=${req.params.transactionUuid}&sca_result=${req.body.result}`;
      return reply.redirect(target, 303);
    },
  );
};
