import { type Camelize, camelize, snakify } from './case';
import { ApiError, type FieldErrors } from './errors';
import { sessionBelief } from './session';

type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** camelCase keys; sent as snake_case. */
  params?: Query;
  /** camelCase keys; sent as snake_case JSON. */
  body?: unknown;
  /** Send the body's keys exactly as given: for bodies already in the contract's snake_case (`address.line1`). */
  bodyAsIs?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Keys of the answer whose values keep the server's own keys (provider data is not ours to rename). */
  keepKeysOf?: string[];
}

/** A successful answer: the envelope's data (camelCase), its message and meta. */
export interface ApiResponse<T> {
  data: Camelize<T>;
  message: string | undefined;
  meta: Camelize<Record<string, unknown>> | undefined;
}

function urlOf(path: string, params: Query | undefined): string {
  if (!params) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(snakify(params) as Query)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The one way the app calls the API: JSON both ways, the session cookie sent on same-origin calls, params and
 * body converted to snake_case, the envelope read and its data converted to camelCase. A failure throws an
 * ApiError; the keys inside a 422's `errors` are left as the server wrote them, since they name fields.
 */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const { method = 'GET', params, body, bodyAsIs = false, headers, signal, keepKeysOf } = options;
  let res: Response;
  try {
    res = await fetch(urlOf(path, params), {
      method,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...headers },
      body: body !== undefined ? JSON.stringify(bodyAsIs ? body : snakify(body)) : undefined,
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0);
  }
  const json = (await readJson(res)) as { data?: unknown; message?: string; meta?: Record<string, unknown> } | undefined;
  if (!res.ok) {
    const err = json as { message?: string; code?: string; errors?: FieldErrors } | undefined;
    if (res.status === 401 && sessionBelief.loggedIn) sessionBelief.lost();
    throw new ApiError(res.status, { message: err?.message, code: err?.code, fieldErrors: err?.errors });
  }
  return {
    data: camelize((json?.data ?? null) as T, keepKeysOf ? new Set(keepKeysOf) : undefined),
    message: json?.message,
    meta: json?.meta ? camelize(json.meta) : undefined,
  };
}

export const api = {
  get: <T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) => request<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    request<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options: Omit<RequestOptions, 'method'> = {}) => request<T>(path, { ...options, method: 'DELETE' }),
};
