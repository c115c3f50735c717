import { ApiError } from '#data/api-client.ts';

/** The server's own message of a refused call, else `fallback` (no connection, no message). */
export function serverMessageOr(error: unknown, fallback: string): string {
  return (error instanceof ApiError && error.serverMessage) || fallback;
}
