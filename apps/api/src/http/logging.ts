import type { FastifyBaseLogger, FastifyRequest, FastifyServerOptions } from 'fastify';
import pino from 'pino';

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

/**
 * Query parameters whose values the request log keeps: ids, dates, slugs, pages, sources and switches, the API's
 * and the app pages' alike. Every other value is logged as [Redacted]: a login or reset token (`token`), a payment's
 * result or session (`cres`, `ps`), a search for a person (`q`, `query`), a postcode or position, free text (`reason`),
 * and any parameter added later until it is listed here (decision 180).
 */
const loggedQuery = new Set([
  'activity',
  'booking_types',
  'bypass_pagination',
  'cancellation_source',
  'category_id',
  'category_ids',
  'category_slugs',
  'centre',
  'change',
  'clashing',
  'customer_id',
  'date',
  'days',
  'embedded',
  'filter_by_first_bookable_at',
  'for',
  'kiosk',
  'limit',
  'location_id',
  'location_ids',
  'membership_user_id',
  'occurrence_id',
  'onboarding_type',
  'order_id',
  'page',
  'per_page',
  'radius',
  'recurrence_ids',
  'return_url',
  'sca_result',
  'schedule_id',
  'schedule_ids',
  'selected_user_id',
  'source',
  'starts_after',
  'starts_before',
  'status',
  'transaction_id',
  'transaction_uuid',
  'type',
  'user_id',
  'venue',
  'venue_id',
  'venue_ids',
  'venue_slugs',
  'when',
  'with_bookable_context',
  'with_usage_checks',
]);

/** Path segments that are secrets in themselves: a calendar feed's file name, a waitlist offer's token (API and page). */
const secretSegments = [/(\/calendar-feeds\/)[^/?#]+/gi, /(\/waitlist-offers?\/)[^/?#]+/gi];

const decoded = (text: string): string => {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
};

/** A request URL as the log may keep it: secret path segments and every query value not known to be harmless redacted. */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  let path = mark === -1 ? url : url.slice(0, mark);
  for (const segment of secretSegments) path = path.replace(segment, `$1${R}`);
  if (mark === -1) return path;
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      // A bare value (`?abc123`) is kept only when it is a known switch's name.
      if (eq === -1) return loggedQuery.has(decoded(pair)) ? pair : R;
      const name = decoded(pair.slice(0, eq)).replace(/\[\d*\]$/, '');
      return loggedQuery.has(name) ? pair : `${pair.slice(0, eq)}=${R}`;
    })
    .join('&');
  return `${path}?${query}`;
}

/** Fastify's request serializer, with the URL redacted (redactUrl). */
function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

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
      req: serializeRequest,
      err: (e: Error) => serializeError(e) as { type: string; message: string; stack: string },
      error: (e: Error) => serializeError(e) as { type: string; message: string; stack: string },
    },
  };
}

type ChildLoggerFactory = NonNullable<FastifyServerOptions['childLoggerFactory']>;

/** Where pino keeps a logger's bindings, already written as JSON (`,"pid":1,"reqId":"req-1"`). */
const chindings = pino.symbols.chindingsSym;

/**
 * Each request's logger (Fastify's `childLoggerFactory`): the app's logger with the request's id bound, as Fastify's
 * own factory makes it, for a fraction of the cost (decision 303). pino's `child(bindings)` runs every binding through
 * the redaction of every wildcard path in redactPaths (about 13 µs a request here, a fifth of a bare Fastify request,
 * paid even when nothing is logged); the id is a string Fastify made, which no path redacts, so this child is made
 * without bindings and the id is written into its bindings exactly as pino writes them. A line reads as before:
 * request-log.test.ts pins the id on every request's lines. A logger that is not pino's gets Fastify's own factory.
 */
export const requestLogger: ChildLoggerFactory = function (this: unknown, logger, bindings, opts) {
  const parent = logger as FastifyBaseLogger & { [chindings]?: unknown };
  if (typeof parent[chindings] !== 'string') return logger.child(bindings, opts);
  let written = '';
  for (const key in bindings) {
    const value = bindings[key];
    if (typeof value !== 'string' && typeof value !== 'number') return logger.child(bindings, opts);
    written += `,${JSON.stringify(key)}:${JSON.stringify(value)}`;
  }
  // No options is pino's cheap path; a route's own level (logLevel) still goes through pino's.
  let plain = true;
  for (const _ in opts) plain = false;
  const child = (plain ? parent.child({}) : parent.child({}, opts)) as typeof parent;
  child[chindings] = (child[chindings] as string) + written;
  return child;
};
