import { statusMessages } from '@app/contracts';

export type FieldErrors = Record<string, string[]>;

/** The default text for a status when the server sends none (doc 1, section 8). */
export function defaultMessageFor(status: number): string {
  if (status === 404) return statusMessages[404];
  if (status === 403) return statusMessages[403];
  return statusMessages.default;
}

/**
 * Every failed call becomes one of these: the status (0 when the network failed), the server's stable code,
 * the message to show (the server's in preference to the default) and the field errors of a 422, whose keys
 * stay exactly as the server wrote them ('items.0.quantity').
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fieldErrors: FieldErrors;
  /** The server's own message, when it sent one (screens with their own default text prefer it). */
  readonly serverMessage: string | undefined;

  constructor(status: number, options: { code?: string; message?: string; fieldErrors?: FieldErrors } = {}) {
    super(options.message || defaultMessageFor(status));
    this.name = 'ApiError';
    this.status = status;
    this.code = options.code ?? 'unknown';
    this.fieldErrors = options.fieldErrors ?? {};
    this.serverMessage = options.message || undefined;
  }

  /** Every field message, in the server's order. */
  get fieldMessages(): string[] {
    return Object.values(this.fieldErrors).flat();
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** The HTTP status of an error, or undefined for errors that are not a response (a bug, a network failure). */
export const statusOf = (error: unknown): number | undefined => (isApiError(error) && error.status > 0 ? error.status : undefined);

/** What a person is told about an error: the server's message, else the default for its status. */
export const messageOf = (error: unknown, fallback: string = statusMessages.default): string =>
  isApiError(error) ? error.message : fallback;

/** The server's message if it sent one, else the screen's own text (payment steps name their failure). */
export const serverMessageOr = (error: unknown, fallback: string): string => (isApiError(error) && error.serverMessage) || fallback;
