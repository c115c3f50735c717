import type { Context } from 'hono';
import * as v from 'valibot';
import {
  BOUNDARY_MESSAGES,
  firstIssueMessage,
  isJsonObject,
  requestBodyProblem,
} from '#shared/validation.ts';
import { HttpError, MESSAGES } from './errors.ts';

/**
 * Reads a JSON body: 400 `{message}` when it is not JSON, or holds what no field may (text the
 * database cannot store, nesting deeper than any request), before any schema sees it.
 */
export async function readJsonBody(c: Context): Promise<unknown> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new HttpError(400, MESSAGES.malformedJson);
  }
  const problem = requestBodyProblem(body);
  if (problem) throw new HttpError(400, problem);
  return body;
}

/**
 * Reads a JSON body and validates it with a shared schema: 400 `{message, errors}` when either
 * fails, worded by `refusal` when the schema's domain words its refusals itself.
 */
export async function readJson<TSchema extends v.GenericSchema>(
  c: Context,
  schema: TSchema,
  refusal?: (issues: readonly v.BaseIssue<unknown>[]) => { message: string; errors: string[] },
): Promise<v.InferOutput<TSchema>> {
  const body = await readJsonBody(c);
  const result = v.safeParse(schema, body);
  if (!result.success) {
    const { message, errors } = refusal?.(result.issues) ?? {
      message: firstIssueMessage(result.issues),
      errors: result.issues.map((issue) => issue.message),
    };
    throw new HttpError(400, message, { errors });
  }
  // A schema whose fields are all optional takes an array as an empty object: not here. (After
  // the schema, so that a body missing its fields gets the schema's own message.)
  if (!isJsonObject(body)) throw new HttpError(400, BOUNDARY_MESSAGES.notAnObject);
  return result.output;
}
