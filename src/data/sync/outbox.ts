import { type AdoptedIdMeta, db } from '../db.ts';
import { coalesce } from './coalesce.ts';
import { OUTBOX_SCHEMA_VERSION, type OutboxEntry } from './outbox-entry.ts';
import { isTemporaryId } from './temporary-ids.ts';
import { handlerOf, sendOrderOf } from './write-handler.ts';

/**
 * The outbox in Dexie. `queueWrite` must run inside the repository's transaction, so the local
 * change and its entry are stored together or not at all; the transaction includes db.meta,
 * where the ids the server gave to records created here are kept (queueAndSend sees to both). The helpers below it are what write
 * handlers use to apply an answer; they run inside the handler's transaction too.
 */
export interface NewWrite<TBody = unknown, TRevert = unknown> {
  resource: string;
  op: string;
  method: OutboxEntry['method'];
  path: string;
  body: TBody;
  revert: TRevert;
  recordId?: number | string;
}

export function newEntry<TBody, TRevert>(
  write: NewWrite<TBody, TRevert>,
): OutboxEntry<TBody, TRevert> {
  return {
    id: crypto.randomUUID(),
    resource: write.resource,
    op: write.op,
    method: write.method,
    path: write.path,
    body: write.body,
    idempotencyKey: crypto.randomUUID(),
    createdAt: Date.now(),
    attempts: 0,
    state: 'pending',
    failure: null,
    nextAttemptAt: 0,
    schemaVersion: OUTBOX_SCHEMA_VERSION,
    revert: write.revert,
    ...(write.recordId !== undefined ? { recordId: write.recordId } : {}),
  };
}

/**
 * Queues a write (coalesced with what waits for the same resource). Answers the stored entry.
 * A write naming a temporary id whose create was acknowledged meanwhile names the server's.
 */
export async function queueWrite<TBody, TRevert>(
  write: NewWrite<TBody, TRevert>,
): Promise<OutboxEntry | null> {
  const temporary = write.recordId;
  const recordId = isTemporaryId(temporary)
    ? await currentRecordId(temporary as string)
    : temporary;
  const named =
    recordId === temporary
      ? write
      : { ...write, recordId, path: write.path.replace(String(temporary), String(recordId)) };
  const waiting = await db.outbox.where('resource').equals(write.resource).sortBy('seq');
  const coalesced = coalesce(waiting, newEntry(named));
  const { remove } = coalesced;
  if (remove.length > 0) await db.outbox.where('id').anyOf(remove).delete();
  if (!coalesced.add) return null;
  // A write that gathers waits from its latest change, merged or not (never tried yet).
  const gathersMs = handlerOf(coalesced.add)?.gathersMs;
  const add = gathersMs
    ? { ...coalesced.add, nextAttemptAt: Date.now() + gathersMs }
    : coalesced.add;
  if (add.seq !== undefined) {
    await db.outbox.put(add);
    return add;
  }
  const seq = await db.outbox.add(add);
  return { ...add, seq };
}

/** Entries not yet acknowledged, in the order they were made. */
export function allEntries() {
  return db.outbox.orderBy('seq').toArray();
}

/** A later write of the entry's resource waits: the local copy shows it, newer than the entry. */
export async function laterWritesOfResource(entry: OutboxEntry): Promise<boolean> {
  const others = await db.outbox.where('resource').equals(entry.resource).toArray();
  return others.some((other) => other.id !== entry.id && (other.seq ?? 0) > (entry.seq ?? 0));
}

/**
 * A later write in the entry's send order waits, of any resource in it: the server will change
 * what this entry's answer says once it has that write. (A custom field deleted after a column
 * save takes the field's column away; the save's answer, which still has it, must not bring it
 * back here.)
 */
export async function laterWritesInSendOrder(entry: OutboxEntry): Promise<boolean> {
  const order = sendOrderOf(entry);
  const later = await db.outbox
    .where('seq')
    .above(entry.seq ?? 0)
    .toArray();
  return later.some((other) => other.id !== entry.id && sendOrderOf(other) === order);
}

/** The records of a resource with a write still waiting (or refused, waiting for the user). */
export async function unsentRecordIds(resource: string): Promise<Set<number | string>> {
  const entries = await db.outbox.where('resource').equals(resource).toArray();
  return new Set(
    entries.flatMap((entry) => (entry.recordId === undefined ? [] : [entry.recordId])),
  );
}

/** How many other writes of this record wait (edits made since the entry was queued). */
export function otherWritesOf(recordId: number | string, entry: OutboxEntry): Promise<number> {
  return db.outbox
    .where('recordId')
    .equals(recordId)
    .filter((other) => other.id !== entry.id)
    .count();
}

/** Writes of a record that cannot be sent any more (its create was refused or discarded). */
export async function dropWritesOf(recordId: number | string, exceptId: string) {
  await db.outbox
    .where('recordId')
    .equals(recordId)
    .filter((other) => other.id !== exceptId)
    .delete();
}

/**
 * A record created offline got the server's id: later writes of it, made with its temporary
 * id, now name the server's (in their record id and their path).
 */
export async function adoptServerId(temporaryId: number | string, serverId: number | string) {
  await db.outbox
    .where('recordId')
    .equals(temporaryId)
    .modify((other) => {
      other.recordId = serverId;
      other.path = other.path.replace(String(temporaryId), String(serverId));
    });
  if (!isTemporaryId(temporaryId)) return;
  const now = Date.now();
  await db.meta.put({
    key: `adopted:${temporaryId}`,
    temporaryId: String(temporaryId),
    serverId,
    at: now,
  });
  // A screen shows a temporary id for moments after its answer, never for a day.
  const stale = (await adoptedIds()).filter((adopted) => adopted.at < now - ADOPTED_KEPT_MS);
  await db.meta.bulkDelete(stale.map((adopted) => adopted.key));
}

const ADOPTED_KEPT_MS = 24 * 60 * 60 * 1000;

/** The temporary ids given the server's id lately. */
export async function adoptedIds(): Promise<AdoptedIdMeta[]> {
  const records = await db.meta.where('key').startsWith('adopted:').toArray();
  return records.filter((record): record is AdoptedIdMeta => record.key.startsWith('adopted:'));
}

/** The server's id for a temporary id whose create was acknowledged; the id itself otherwise. */
export async function currentRecordId(id: number | string): Promise<number | string> {
  if (!isTemporaryId(id)) return id;
  const adopted = await db.meta.get(`adopted:${id}`);
  return adopted && 'serverId' in adopted ? adopted.serverId : id;
}

/**
 * Sets every waiting write aside as needing attention, with the reason: the person who made
 * them was disabled, so nothing of theirs is sent (nor later under anyone else's session); if
 * they are enabled again, they see them in Pending changes to retry or discard.
 */
export async function holdEveryWrite(message: string) {
  await db.outbox.toCollection().modify((entry) => {
    entry.state = 'needs-attention';
    entry.failure = { reason: 'refused', status: 401, message };
  });
}
