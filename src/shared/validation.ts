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

/** The largest value of a PostgreSQL `integer` column (ids, versions, orders, quantities). */
export const MAX_INT32 = 2_147_483_647;

/** A whole number an `integer` column can hold, at least `min`. */
export const int32 = (message: string, min = 0) =>
  v.pipe(
    v.number(message),
    v.integer(message),
    v.minValue(min, message),
    v.maxValue(MAX_INT32, message),
  );

/** NUL, or half of a surrogate pair without its other half: neither can be stored as text. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what is looked for.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** How deep a request body may nest; the deepest real one (a batch of settings) is about 8. */
export const MAX_JSON_DEPTH = 32;

export const BOUNDARY_MESSAGES = {
  notAnObject: 'The request body must be a JSON object',
  unstorable: (field: string) => `${field} contains a character that cannot be saved`,
  tooDeep: `The request nests more than ${MAX_JSON_DEPTH} levels deep`,
} as const;

/** Every request body of the API is a JSON object. */
export const isJsonObject = (body: unknown): body is Record<string, unknown> =>
  body !== null && typeof body === 'object' && !Array.isArray(body);

/**
 * What is wrong with a parsed JSON request body whatever the schema after it says, or null: it
 * holds text (a value or a key) with NUL or an unpaired surrogate, which PostgreSQL refuses, or
 * it nests deeper than any request needs, which recursive code (JSON.stringify) would overflow
 * on. A text is named by its place, `settings.reasons[2]`. Walks with a stack of its own, so
 * any depth is safe to look at.
 */
export function requestBodyProblem(body: unknown): string | null {
  const stack: { value: unknown; at: string; depth: number }[] = [
    { value: body, at: '', depth: 0 },
  ];
  const name = (at: string) => at || 'The request';
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { value, at, depth } = item;
    if (typeof value === 'string') {
      if (UNSTORABLE.test(value)) return BOUNDARY_MESSAGES.unstorable(name(at));
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH) return BOUNDARY_MESSAGES.tooDeep;
    if (Array.isArray(value)) {
      value.forEach((child, index) => {
        stack.push({ value: child, at: `${at}[${index}]`, depth: depth + 1 });
      });
      continue;
    }
    for (const [key, child] of Object.entries(value)) {
      const shown = key.length > 40 ? `${key.slice(0, 40)}...` : key;
      const place = at ? `${at}.${shown}` : shown;
      if (UNSTORABLE.test(key)) return BOUNDARY_MESSAGES.unstorable(name(at));
      stack.push({ value: child, at: place, depth: depth + 1 });
    }
  }
  return null;
}

/** Typed text kept trimmed; empty is no value (null). */
export const emptyAsNull = v.transform((value: string) => (value === '' ? null : value));

/** Optional free text of at most `max` characters, trimmed; empty is no value. */
export const optionalText = (max: number) =>
  v.nullable(
    v.pipe(v.string(), v.trim(), v.maxLength(max, `Keep it to ${max} characters`), emptyAsNull),
  );
