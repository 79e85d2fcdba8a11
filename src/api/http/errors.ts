import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { apiErrors, type ApiErrorName, type ErrorBody } from '../../contract/errors';

/** Thrown by routes and middleware; the app's error handler turns it into `{ errors }`. */
/** The API's rate limits, as the metrics name their refusals. */
export type RefusingLimit =
  | 'login-requests-per-address'
  | 'failed-logins-per-address'
  | 'failed-logins-per-account'
  | 'login-backoff-per-account-address'
  | 'signups-per-address'
  | 'password-checks-per-user'
  | 'catalogue-reads-per-address'
  | 'user-writes-waiting'
  | 'todo-writes-per-owner';

export class ApiError extends Error {
  /** Extra response headers, such as Retry-After. */
  headers: Record<string, string> = {};
  /** A refusal by a rate limit: which one (the metrics count refusals by it). */
  limit?: RefusingLimit;

  constructor(
    readonly status: ContentfulStatusCode,
    readonly messages: string[],
  ) {
    super(messages.join('; '));
  }

  /** An error from the catalogue, by name. */
  static of(name: ApiErrorName): ApiError {
    const { status, message } = apiErrors[name];
    return new ApiError(status, [message]);
  }
}

/** The one way an error response is written. */
export function errorResponse(
  c: Context,
  status: ContentfulStatusCode,
  messages: string[],
  headers: Record<string, string> = {},
) {
  return c.json<ErrorBody>({ errors: messages }, status, headers);
}
