import type { RowPlan } from '#domains/imports/dry-run.ts';
import type { ImportReply, ImportRequest, PlanSummary, ReadFile } from './import-protocol.ts';

/** What a dry run is asked with: the mapping, the choices and the rules. */
export type PlanOptions = Omit<Extract<ImportRequest, { type: 'plan' }>, 'id' | 'type'>;

/**
 * The page's side of the import worker: each request a promise, progress to a callback. One
 * reader per import screen; `close` ends its worker (and the rows it holds).
 */
export interface ImportReader {
  /** Reads the file (a sheet of it; its headings found, or in the row chosen). */
  read(
    file: File,
    where: { sheet?: string | undefined; headingRow?: number | undefined },
    progress: (share: number) => void,
  ): Promise<ReadFile>;
  plan(options: PlanOptions): Promise<PlanSummary>;
  /** The last plan's rows to apply, from `from` on. */
  rows(from: number, count: number): Promise<RowPlan[]>;
  /** The rows with errors as a CSV with an 'errors' column. */
  errorFile(): Promise<string>;
  close(): void;
}

type Body<T> = T extends unknown ? Omit<T, 'id'> : never;

export function createImportReader(): ImportReader {
  const worker = new Worker(new URL('./import.worker.ts', import.meta.url), { type: 'module' });
  const waiting = new Map<
    number,
    { resolve: (reply: ImportReply) => void; progress?: (share: number) => void }
  >();
  let nextId = 1;
  worker.onmessage = (event: MessageEvent<ImportReply>) => {
    const reply = event.data;
    const entry = waiting.get(reply.id);
    if (!entry) return;
    if (reply.type === 'progress') {
      entry.progress?.(reply.share);
      return;
    }
    waiting.delete(reply.id);
    entry.resolve(reply);
  };
  // The worker could not load (offline before it was ever cached, say): every request fails.
  worker.onerror = (event) => {
    event.preventDefault();
    for (const [id, entry] of waiting) {
      entry.resolve({ id, type: 'failed', message: event.message || 'The file reader failed' });
    }
    waiting.clear();
  };

  async function ask<TType extends ImportReply['type']>(
    request: Body<ImportRequest>,
    type: TType,
    progress?: (share: number) => void,
  ): Promise<Extract<ImportReply, { type: TType }>> {
    const id = nextId++;
    const reply = await new Promise<ImportReply>((resolve) => {
      waiting.set(id, { resolve, ...(progress ? { progress } : {}) });
      worker.postMessage({ ...request, id } as ImportRequest);
    });
    if (reply.type === 'failed') throw new Error(reply.message);
    if (reply.type !== type) throw new Error(`The file reader answered ${reply.type}`);
    return reply as Extract<ImportReply, { type: TType }>;
  }

  return {
    read: async (file, { sheet, headingRow }, progress) =>
      (
        await ask(
          {
            type: 'read',
            file,
            ...(sheet ? { sheet } : {}),
            ...(headingRow ? { headingRow } : {}),
          },
          'read',
          progress,
        )
      ).file,
    plan: async (options) => (await ask({ type: 'plan', ...options }, 'plan')).summary,
    rows: async (from, count) => (await ask({ type: 'rows', from, count }, 'rows')).rows,
    errorFile: async () => (await ask({ type: 'error-file' }, 'error-file')).csv,
    close: () => {
      worker.terminate();
      waiting.clear();
    },
  };
}
