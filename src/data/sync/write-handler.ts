import * as v from 'valibot';
import { ErrorBodySchema } from '#shared/validation.ts';
import type { WriteDeclaration, WriteInput, WriteRole } from '#shared/write-declaration.ts';
import type { OutboxEntry } from './outbox-entry.ts';

/**
 * A kind of write the outbox carries, registered by name (the entry's `op`) from beside the
 * repository that makes it. The engine (queue, coalescing, replay, Pending changes) knows
 * only this type; everything about the data — what an answer changes in Dexie, what a refusal
 * restores, how the change is described — lives with the handler. Kept apart as Actual
 * Budget's sync keeps domain code out of its message loop, and named as Replicache's samples
 * name their mutators.
 */

export type { WriteRole } from '#shared/write-declaration.ts';

/** What the user is told when the server refuses a change: an alert, or a logged warning. */
export type FailureNotice = { kind: 'alert'; text: string } | { kind: 'warning'; text: string };

/** The server's refusal of an entry. */
export interface Refusal {
  status: number;
  body: unknown;
}

/** A record's id in a collection: a number, or a text (a temporary id, a UUID). */
export type RecordKey = number | string;

/**
 * What a write may do to the collection a screen shows, until the server has it (fold.ts): the
 * stored copy with the earlier writes laid over it.
 */
export interface FoldView<T> {
  /** The record as earlier writes left it; undefined when it is not there (or was removed). */
  get(id: RecordKey): T | undefined;
  set(id: RecordKey, value: T): void;
  remove(id: RecordKey): void;
  /** A new record: at the end, or right after `after` (the latest such record first). */
  add(id: RecordKey, value: T, after?: RecordKey): void;
  /**
   * From now on `id` names the stored record `existing`: a create whose answer was lost, whose
   * record the stored copy already holds (a refresh brought it), is not shown twice.
   */
  alias(id: RecordKey, existing: RecordKey): void;
  /** The stored record with this `value` of `field`, if any. */
  storedWhere(field: keyof T, value: unknown): T | undefined;
}

/** How a kind of write changes what a collection shows until the server has it. */
export interface WriteFold<T = unknown> {
  readonly collection: string;
  apply(view: FoldView<T>, entry: OutboxEntry): void;
}

export interface WriteHandler<TBody = unknown, TRevert = unknown> {
  /** The name entries of this kind carry: its declaration's, or a variant's (its own words). */
  readonly op: string;
  /** How it combines with earlier writes (coalesce.ts): its declaration's. */
  readonly role: WriteRole;
  /** The write as its domain declares it: its method, route and role. */
  readonly declaration: WriteDeclaration;
  /** How it shows before the server has it; without it, it changes no collection's view. */
  readonly fold?: WriteFold<never>;
  /**
   * Writes that go out in one order, one after another. Several resources may share one (a
   * column layout must not overtake the create of the custom field it shows); without it, the
   * entry's resource is its own order.
   */
  readonly sendOrder?: string;
  /** The send order of each entry, when it depends on the entry (one order per record). */
  orderOf?(entry: OutboxEntry<TBody, TRevert>): string;
  /**
   * The send orders of other records the server needs before this write (the supplier a
   * delivery is from): it waits while a write of theirs made before it is still in the outbox.
   * Unlike one shared order, the records' later writes then still go side by side.
   */
  waitsFor?(entry: OutboxEntry<TBody, TRevert>): readonly string[];
  /**
   * This entry's body (an untried create or update) with the body of a later update of the same
   * record merged in; without it, the later body is taken as it is.
   */
  absorbUpdate?(body: TBody, update: unknown): TBody;
  /**
   * How long (ms) a write waits after its record's last change before it is sent: a burst of
   * writes (a scanner's counts, a scan a second) merges into one, and the page is left to the
   * scanning instead of a request and its answer after each scan.
   */
  readonly gathersMs?: number;
  /**
   * For a create that copies another record: that record. Its writes made before the copy and
   * after it then stay apart, so the copy is made of the record as it was when it was asked for.
   */
  copiedFrom?(entry: OutboxEntry<TBody, TRevert>): RecordKey | undefined;
  /**
   * Whether a refusal still means the change is there (deleting what another device deleted
   * first): the entry is then acknowledged with no answer instead of needing attention.
   */
  refusalMeansDone?(entry: OutboxEntry<TBody, TRevert>, refusal: Refusal): boolean;
  /** Stores what the server answered. Runs before the entry leaves the outbox. */
  acknowledge(entry: OutboxEntry<TBody, TRevert>, answer: unknown): Promise<void>;
  /**
   * Stores the answers to many entries of this kind at once (a batch after an outage), each of
   * another send order; without it, acknowledge runs for each.
   */
  acknowledgeAll?(
    acknowledged: { entry: OutboxEntry<TBody, TRevert>; answer: unknown }[],
  ): Promise<void>;
  /** Restores the local state from before the change (the server refused it, or it is discarded). */
  revert(entry: OutboxEntry<TBody, TRevert>): Promise<void>;
  /** The change in a few words, for Pending changes. */
  describe(entry: OutboxEntry<TBody, TRevert>): string;
  /** What the user is told when the server refuses it (the spec's messages). */
  failureNotice(entry: OutboxEntry<TBody, TRevert>, refusal: Refusal): FailureNotice;
  /**
   * For a refused entry that can be settled otherwise than by Retry and Discard (a conflict):
   * what differs, and the ways out, each one call. Undefined when there is nothing to offer.
   */
  settle?(entry: OutboxEntry<TBody, TRevert>): Settlement | undefined;
}

/**
 * A handler's failureNotice that alerts `what` was refused for the entry (named by `labelOf`),
 * with the server's message, or its status when it gave none.
 */
export function refusalAlert(what: string, labelOf: (entry: OutboxEntry) => string) {
  return (entry: OutboxEntry, refusal: Refusal): FailureNotice => {
    const parsed = v.safeParse(ErrorBodySchema, refusal.body);
    const reason = parsed.success ? parsed.output.message : `Refused (${refusal.status})`;
    return { kind: 'alert', text: `${what} ${labelOf(entry)}: ${reason}` };
  };
}

/** A refused change's choices, as Pending changes shows them. */
export interface Settlement {
  /** Each value in question: this device's and the server's. */
  differences: { label: string; yours: string; current: string }[];
  choices: { label: string; run(): Promise<void> }[];
}

const handlers = new Map<string, WriteHandler>();

/**
 * Declares a handler with the types of its entries' body and revert. The engine only ever
 * passes it entries queued under its own name, which its repository made with those types.
 */
export function defineWriteHandler<TBody, TRevert>(
  handler: Omit<WriteHandler<TBody, TRevert>, 'op' | 'role'> & { op?: string },
): WriteHandler {
  const { declaration } = handler;
  return {
    ...handler,
    op: handler.op ?? declaration.op,
    role: declaration.role,
  } as WriteHandler;
}

export function registerWriteHandlers(list: readonly WriteHandler[]) {
  for (const handler of list) handlers.set(handler.op, handler);
}

/**
 * The route parameters an entry's path holds, by its declaration's route: '/catalogue/products/12'
 * against '/catalogue/products/:id' → {id: '12'}. Read from the path, which names the server's id
 * once a temporary one is adopted.
 */
export function paramsOf(entry: OutboxEntry): Record<string, string> {
  const route = handlerOf(entry)?.declaration?.route;
  if (!route) return {};
  const names = route.split('/');
  const parts = entry.path.split('/');
  const params: Record<string, string> = {};
  names.forEach((name, index) => {
    if (name.startsWith(':')) params[name.slice(1)] = decodeURIComponent(parts[index] ?? '');
  });
  return params;
}

/** The handler of an entry's kind, or undefined for a kind this version does not know. */
export function handlerOf(entry: Pick<OutboxEntry, 'op'>): WriteHandler | undefined {
  return handlers.get(entry.op);
}

/**
 * Whether an entry is a write of this declaration (its registered handler declares it): its
 * body then has the declaration's type. How code outside the engine tells one kind of write
 * from another, by the declaration itself rather than by comparing names.
 */
export function isWriteOf<TWrite extends WriteDeclaration>(
  entry: OutboxEntry,
  declaration: TWrite,
): entry is OutboxEntry<WriteInput<TWrite>> {
  return handlerOf(entry)?.declaration === declaration;
}

export function registeredOps(): string[] {
  return [...handlers.keys()];
}

/** Which writes wait for which: the handler's send order, or the entry's own resource. */
export function sendOrderOf(entry: OutboxEntry): string {
  const handler = handlerOf(entry);
  return handler?.orderOf?.(entry) ?? handler?.sendOrder ?? entry.resource;
}

/** The send orders whose earlier writes an entry waits for (its handler's `waitsFor`). */
export function ordersAwaitedBy(entry: OutboxEntry): readonly string[] {
  return handlerOf(entry)?.waitsFor?.(entry) ?? [];
}

/** The change in words, for Pending changes. */
export function describeEntry(entry: OutboxEntry): string {
  return handlerOf(entry)?.describe(entry) ?? 'A change saved by another version of Vintry';
}

/** The ways out of a refused entry, when its handler offers any. */
export function settlementOf(entry: OutboxEntry): Settlement | undefined {
  return entry.state === 'needs-attention' ? handlerOf(entry)?.settle?.(entry) : undefined;
}

/** What the user is told when the server refuses the entry. */
export function refusalNotice(entry: OutboxEntry, refusal: Refusal): FailureNotice {
  return (
    handlerOf(entry)?.failureNotice(entry, refusal) ?? {
      kind: 'alert',
      text: `The server refused a change (${describeEntry(entry)}).`,
    }
  );
}
