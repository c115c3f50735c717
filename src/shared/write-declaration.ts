import type * as v from 'valibot';
import type { Permission } from './auth/permissions.ts';

/**
 * A kind of write, declared once in its domain (src/domains/<name>/writes.ts) and read by both
 * sides: the server registers its route from it (route rule, idempotency, validation), and the
 * device queues it under its `op` with the path it makes. What each side then does with it —
 * the server's handler, the device's acknowledgement — is the domain's own module on that side.
 */
export type WriteMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * How a write combines with untried earlier writes of its resource on the device:
 * - 'save-state': carries the whole state of the resource; the last one wins.
 * - 'create' / 'update' / 'delete': of one record (the entry's recordId).
 * - 'append': stands on its own and is never merged (a movement).
 */
export type WriteRole = 'save-state' | 'create' | 'update' | 'delete' | 'append';

/** Who may make it: any signed-in person, or a role with the permission. */
export type WriteAccess = 'signed-in' | Permission;

/** The `:name` parameters of a route: '/products/:id/duplicate' → 'id'. */
export type RouteParams<TRoute extends string> =
  TRoute extends `${string}:${infer Name}/${infer Rest}`
    ? Name | RouteParams<`/${Rest}`>
    : TRoute extends `${string}:${infer Name}`
      ? Name
      : never;

export interface WriteDeclaration<
  TSchema extends v.GenericSchema | null = v.GenericSchema | null,
  TRoute extends string = string,
> {
  /** Its name in the outbox. */
  readonly op: string;
  readonly method: WriteMethod;
  /** Its route under /api/v1, with `:name` parameters. */
  readonly route: TRoute;
  readonly access: WriteAccess;
  /** What it carries, checked by the server before anything else; null when it carries nothing. */
  readonly body: TSchema;
  /** The 400 answer's message for a body that fails the schema, when not its first issue's. */
  readonly refusal?: (issues: readonly v.BaseIssue<unknown>[]) => {
    message: string;
    errors: string[];
  };
  readonly role: WriteRole;
}

/** What the device sends: the schema's input. */
export type WriteInput<TWrite> =
  TWrite extends WriteDeclaration<infer TSchema>
    ? TSchema extends v.GenericSchema
      ? v.InferInput<TSchema>
      : null
    : never;

/** What the server's handler receives, once the schema has checked and shaped it. */
export type WriteOutput<TWrite> =
  TWrite extends WriteDeclaration<infer TSchema>
    ? TSchema extends v.GenericSchema
      ? v.InferOutput<TSchema>
      : null
    : never;

export type WriteParams<TWrite> =
  TWrite extends WriteDeclaration<v.GenericSchema | null, infer TRoute>
    ? Record<RouteParams<TRoute>, string | number>
    : never;

export function defineWrite<
  const TSchema extends v.GenericSchema | null,
  const TRoute extends string,
>(declaration: WriteDeclaration<TSchema, TRoute>): WriteDeclaration<TSchema, TRoute> {
  return declaration;
}

/** The path a write is sent to, its parameters filled in: '/catalogue/products/12'. */
export function writePath<TRoute extends string>(
  write: { route: TRoute },
  params: Record<RouteParams<TRoute>, string | number>,
): string {
  return write.route.replace(/:([A-Za-z]+)/g, (_match, name: string) =>
    String((params as Record<string, string | number>)[name]),
  );
}

/** A write as the device queues it: its op, method and the path its parameters make. */
export function writeRequest<TRoute extends string>(
  write: { op: string; method: WriteMethod; route: TRoute },
  params: Record<RouteParams<TRoute>, string | number>,
): { op: string; method: WriteMethod; path: string } {
  return { op: write.op, method: write.method, path: writePath(write, params) };
}
