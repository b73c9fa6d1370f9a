import type { FastifyServerOptions } from 'fastify';

const R = '[Redacted]';

/** Fields that hold secrets or personal data, wherever they sit in a logged object (two levels deep). */
const personal = [
  'password',
  'password_hash',
  'passwordHash',
  'token',
  'email',
  'email_or_reference',
  'phone',
  'first_name',
  'last_name',
  'firstName',
  'lastName',
  'name',
  'address',
  'date_of_birth',
  'dateOfBirth',
  'card_number',
  'cardNumber',
  'cvc',
  'params',
  'detail',
];

/**
 * pino's redact paths: the session's carriers on every request and response line, and each personal field at the top
 * level, one and two levels down (pino's wildcard matches one level), e.g. `err.params`, `err.cause.detail`.
 */
export const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  ...personal,
  ...personal.map((f) => `*.${f}`),
  ...personal.map((f) => `*.*.${f}`),
];

/**
 * A database error's message and stack carry the failed statement's values ('Failed query: ...\nparams: <hash>,<email>,
 * <phone>'), and PostgreSQL's detail names the clashing value; neither may reach the log (issue 9).
 */
export const scrubText = (text: string): string =>
  text
    .replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/g, `\nparams: ${R}`)
    .replace(/\(([^()]*)\)=\(([^()]*)\)/g, `($1)=(${R})`)
    .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, R)
    .replace(/scrypt\$[^\s,"]+/g, R);

type LoggedError = Record<string, unknown> & { message?: unknown; stack?: unknown; cause?: unknown };

/** pino's error serializer, then the error's text and its cause's scrubbed. */
function serializeError(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error) || depth > 3) return err;
  const out: LoggedError = { type: err.name, message: scrubText(err.message), stack: scrubText(err.stack ?? '') };
  for (const key of ['code', 'statusCode', 'severity', 'constraint', 'table', 'column', 'routine']) {
    const value = (err as unknown as Record<string, unknown>)[key];
    if (value !== undefined) out[key] = value;
  }
  if (err.cause !== undefined) out.cause = serializeError(err.cause, depth + 1);
  return out;
}

/** The app's logger settings: levels and times, redaction of secrets and personal data in every line (issue 9). */
export function loggerOptions(level: string): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    // ISO times read better than epoch milliseconds, and are never mistaken for a card number by the log scan.
    timestamp: () => `,"time":"${new Date().toISOString()}"`,
    redact: { paths: redactPaths, censor: R },
    serializers: {
      err: (e: Error) => serializeError(e) as { type: string; message: string; stack: string },
      error: (e: Error) => serializeError(e) as { type: string; message: string; stack: string },
    },
  };
}
