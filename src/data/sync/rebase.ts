import type { WriteDeclaration } from '#shared/write-declaration.ts';
import { db } from '../db.ts';
import type { OutboxEntry } from './outbox-entry.ts';
import type { RecordKey } from './write-handler.ts';
import { isWriteOf } from './write-handler.ts';

/** An edit's body that names the version it was based on (field-level merge on the server). */
interface BasedEdit {
  base_version: number;
}

/**
 * Edits of a record made here while an earlier edit of it was on its way were based on the
 * version before that one; once the server saved it, they build on the version it answered, so
 * the server does not take this device's own earlier edit for another device's (a conflict).
 * Only when nothing else changed the record in between (the answer is exactly one version on);
 * otherwise the server must judge them. Only edits not yet tried are touched.
 */
export async function rebaseLaterEdits(
  declaration: WriteDeclaration,
  answered: readonly { entry: OutboxEntry; record: { id: RecordKey; version: number } }[],
) {
  const rebased = new Map<RecordKey, { entryId: string; version: number }>();
  for (const { entry, record } of answered) {
    const before = (entry.body as Partial<BasedEdit> | null)?.base_version;
    if (before === undefined || record.version === before + 1) {
      rebased.set(record.id, { entryId: entry.id, version: record.version });
    }
  }
  if (rebased.size === 0) return;
  await db.outbox
    .where('recordId')
    .anyOf([...rebased.keys()])
    .filter(
      (other) =>
        isWriteOf(other, declaration) &&
        other.attempts === 0 &&
        rebased.get(other.recordId as RecordKey)?.entryId !== other.id,
    )
    .modify((other) => {
      const version = rebased.get(other.recordId as RecordKey)?.version;
      if (version !== undefined) (other.body as BasedEdit).base_version = version;
    });
}
