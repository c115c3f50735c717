import * as v from 'valibot';

/** Any error answer of the API: `{message, errors?}` (ARCHITECTURE.md section 5). */
export const ErrorBodySchema = v.looseObject({
  message: v.string(),
  errors: v.optional(v.array(v.string())),
});

/** The first message of a failed parse, for `{message}` answers. */
export function firstIssueMessage(issues: readonly { message: string }[]): string {
  return issues[0]?.message ?? 'Invalid request';
}
