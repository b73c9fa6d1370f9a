export type { Camelize } from './case';
export { camelize, snakify } from './case';
export { type ApiResponse, api, type RequestOptions, request } from './client';
export { ApiError, defaultMessageFor, type FieldErrors, isApiError, messageOf, serverMessageOr, statusOf } from './errors';
export { sessionBelief } from './session';
