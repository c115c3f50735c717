import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * An answer other than success, thrown from a route and rendered by the app's error handler as
 * JSON `{message, errors?, ...extra}` with any extra headers (Retry-After for 429).
 */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly details: {
      errors?: string[];
      headers?: Record<string, string>;
      /** More of the answer beside message and errors (a conflict's current product, say). */
      extra?: Record<string, unknown>;
    } = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const MESSAGES = {
  notFound: 'Not found',
  bodyTooLarge: 'Request body too large',
  headersTooLarge: 'The request line or headers are too large (16 KB at most)',
  requestTimeout: 'The request took too long to arrive',
  badRequest: 'The request could not be read',
  malformedJson: 'Malformed JSON body',
  internal: 'Internal server error',
} as const;

/** The answer an HttpError stands for: JSON `{message, errors?, ...extra}` with its headers. */
export function errorAnswer(c: Context, error: HttpError): Response {
  for (const [name, value] of Object.entries(error.details.headers ?? {})) c.header(name, value);
  const { errors, extra } = error.details;
  return c.json({ message: error.message, ...(errors ? { errors } : {}), ...extra }, error.status);
}
