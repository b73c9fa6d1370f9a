import { ProviderUnavailable } from './types';

export interface HttpAnswer {
  status: number;
  body: unknown;
}

/**
 * One JSON call to a provider's REST API. An answer (any status) is returned for the adapter to read; no answer (the
 * network, a timeout, a body that is not JSON from a failing gateway) throws ProviderUnavailable, because whatever was
 * asked may or may not have happened. Bodies are never logged: they may carry card identifiers.
 */
export async function callProvider(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  options: { headers: Record<string, string>; body?: unknown; timeoutMs: number },
): Promise<HttpAnswer> {
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: {
        accept: 'application/json',
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...options.headers,
      },
      body: options.body !== undefined ? JSON.stringify(options.body) : null,
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (err) {
    throw new ProviderUnavailable(`${method} ${new URL(url).pathname}: no answer`, { cause: err });
  }
  const text = await res.text().catch(() => '');
  if (res.status >= 500) throw new ProviderUnavailable(`${method} ${new URL(url).pathname}: ${res.status}`);
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      throw new ProviderUnavailable(`${method} ${new URL(url).pathname}: an answer that is not JSON`);
    }
  }
  return { status: res.status, body };
}

/** The base URL without its trailing slash, so paths join cleanly. */
export const joinUrl = (base: string, path: string): string => `${base.replace(/\/+$/, '')}${path}`;
