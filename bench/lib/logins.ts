import { request } from 'node:http';

export interface Answer {
  status: number;
  /** From sending to the whole answer, ms. */
  ms: number;
  /** The Retry-After header of a refusal, if any. */
  retryAfter: string | undefined;
}

/**
 * One customer's login: its own connection (no shared agent), a same-site browser's headers, and an address of its
 * own in X-Forwarded-For (the API runs behind a trusted proxy for the bench) so the per-address login limit counts
 * each customer apart, as it would on a busy morning with customers on many networks.
 */
export function logIn(url: string, body: { username: string; password: string }, address: string): Promise<Answer> {
  const text = JSON.stringify(body);
  const sent = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
          'client-domain-identifier': 'northfield',
          'sec-fetch-site': 'same-origin',
          'x-forwarded-for': address,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => {
          const retryAfter = res.headers['retry-after'];
          resolve({
            status: res.statusCode ?? 0,
            ms: performance.now() - sent,
            retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter,
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

/** A distinct private address for caller `i` of burst `burst` (up to 62,500 callers a burst). */
export const addressOf = (burst: number, i: number) => `10.${burst % 256}.${Math.floor(i / 250)}.${(i % 250) + 1}`;

/** Nearest-rank percentile of an ascending list (0 for an empty one). */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

export interface BurstSummary {
  callers: number;
  loggedIn: number;
  busy: number;
  other: number;
  /** Every busy answer carried Retry-After. */
  busyCarryRetryAfter: boolean;
  /** Logins completed over the time from the first send to the last answer. */
  perSecond: number;
  /** Of the logins that succeeded. */
  p50: number;
  p95: number;
  /** Of the busy answers: how fast a refusal comes. */
  busyP50: number;
  seconds: number;
}

/** What a burst of answers amounts to: successes, refusals (503 busy) and anything else, and their timings. */
export function summarise(answers: Answer[], seconds: number): BurstSummary {
  const ok = answers
    .filter((a) => a.status === 200)
    .map((a) => a.ms)
    .sort((a, b) => a - b);
  const busy = answers.filter((a) => a.status === 503);
  const busyMs = busy.map((a) => a.ms).sort((a, b) => a - b);
  return {
    callers: answers.length,
    loggedIn: ok.length,
    busy: busy.length,
    other: answers.length - ok.length - busy.length,
    busyCarryRetryAfter: busy.every((a) => a.retryAfter !== undefined && Number(a.retryAfter) > 0),
    perSecond: seconds > 0 ? ok.length / seconds : 0,
    p50: Math.round(percentile(ok, 50)),
    p95: Math.round(percentile(ok, 95)),
    busyP50: Math.round(percentile(busyMs, 50)),
    seconds,
  };
}
