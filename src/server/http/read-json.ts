import type { Context } from 'hono';
import * as v from 'valibot';
import { firstIssueMessage } from '#shared/validation.ts';
import { HttpError, MESSAGES } from './errors.ts';

/** Reads a JSON body: 400 `{message}` when it is not JSON. */
export async function readJsonBody(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new HttpError(400, MESSAGES.malformedJson);
  }
}

/** Reads a JSON body and validates it with a shared schema: 400 `{message}` when either fails. */
export async function readJson<TSchema extends v.GenericSchema>(
  c: Context,
  schema: TSchema,
): Promise<v.InferOutput<TSchema>> {
  const body = await readJsonBody(c);
  const result = v.safeParse(schema, body);
  if (!result.success) {
    throw new HttpError(400, firstIssueMessage(result.issues), {
      errors: result.issues.map((issue) => issue.message),
    });
  }
  return result.output;
}
