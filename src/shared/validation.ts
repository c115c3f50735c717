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

/** The first message for each top-level field of a failed parse, for messages under fields. */
export function firstMessageByField(
  issues: readonly v.BaseIssue<unknown>[],
): Partial<Record<string, string>> {
  const found: Partial<Record<string, string>> = {};
  for (const issue of issues) {
    const key = issue.path?.[0]?.key;
    if (typeof key === 'string' && !found[key]) found[key] = issue.message;
  }
  return found;
}

/**
 * The message for an object schema. Valibot reports a missing key with the object's message, not
 * the field's; this names the missing field's own message instead, and `otherwise` for a body
 * that is not an object at all.
 */
export function missingFieldMessage(fields: Record<string, string>, otherwise: string) {
  return (issue: v.BaseIssue<unknown>) => {
    const key = issue.path?.at(-1)?.key;
    return (typeof key === 'string' ? fields[key] : undefined) ?? otherwise;
  };
}
