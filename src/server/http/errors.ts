import type { FieldErrors } from '#domain/api/errors';

/** Errors a route throws on purpose; the error handler turns them into the JSON shape (ApiErrorBody). */
export type { FieldErrors };

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: FieldErrors) => new HttpError(400, message, fields);
export const unauthorized = (message = 'Please sign in.') => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do this.') => new HttpError(403, message);
export const notFound = (message = 'Not found.') => new HttpError(404, message);
export const conflict = (message: string, fields?: FieldErrors) => new HttpError(409, message, fields);
export const payloadTooLarge = (message: string, fields?: FieldErrors) => new HttpError(413, message, fields);
export const unsupportedMediaType = (message: string, fields?: FieldErrors) => new HttpError(415, message, fields);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, undefined, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/** A field-level refusal, e.g. "that username is taken". */
export const fieldError = (statusCode: number, field: string, message: string) =>
  new HttpError(statusCode, message, { [field]: [message] });
