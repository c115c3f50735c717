import * as v from 'valibot';
import { stocktakesFeed } from '#domains/stocktakes/feeds.ts';
import { stocktakeRead } from '#domains/stocktakes/reads.ts';
import {
  type StocktakeLine,
  type StocktakeLines,
  StocktakeLinesAnswerSchema,
  type StocktakeStart,
  type StocktakeSummary,
  StocktakeSummarySchema,
  type UncountedChoice,
} from '#domains/stocktakes/stocktake.ts';
import {
  closeStocktakeWrite,
  countLinesWrite,
  startStocktakeWrite,
} from '#domains/stocktakes/writes.ts';
import { writeRequest } from '#shared/write-declaration.ts';
import { readJson } from '../api-client.ts';
import { type CountLine, db } from '../db.ts';
import { deviceFeed, pullFeeds } from '../sync/feeds.ts';
import { queueWrite } from '../sync/outbox.ts';
import type { OutboxEntry } from '../sync/outbox-entry.ts';
import { queueAndSend } from '../sync/replayer.ts';
import { defineWriteHandler, refusalAlert } from '../sync/write-handler.ts';
import { onForgetUser } from '../user-memory.ts';

/**
 * Stocktakes on the device. A count is started here with its own id, so counting can begin
 * offline; its snapshot is taken when the start reaches the server. What this device counts is
 * kept in `countLines` at once, and sent as lines: the lines waiting for one count merge into one
 * request (a product counted again replaces its line), sent after the count's start. Closing
 * goes the same way, after the lines.
 */
const STOCKTAKES_RESOURCE = 'stocktakes';
const LINES_RESOURCE = 'stocktake-lines';

/** One send order per count: its start, its lines, then its close. */
const countOrder = (entry: OutboxEntry) => `stocktake:${String(entry.recordId)}`;

/** What Pending changes says of an entry: the count's name. */
interface Label {
  name: string;
}

/** This device's id in count lines: two tablets of one counter are two shelves. */
export async function deviceId(): Promise<string> {
  const stored = await db.meta.get('device');
  if (stored?.key === 'device') return stored.id;
  const id = crypto.randomUUID();
  await db.meta.put({ key: 'device', id });
  return id;
}

export async function startCount(
  start: Omit<StocktakeStart, 'id' | 'started_at'>,
): Promise<StocktakeSummary> {
  const body: StocktakeStart = {
    ...start,
    id: crypto.randomUUID(),
    started_at: new Date().toISOString(),
  };
  const local: StocktakeSummary = {
    id: body.id,
    name: body.name,
    scope: body.scope,
    category: body.category || null,
    search: body.search || null,
    scan_mode: body.scan_mode,
    status: 'open',
    started_at: body.started_at,
    started_by: null,
    closed_at: null,
    products: 0,
    counted: 0,
  };
  await queueAndSend([db.outbox, db.stocktakes], async () => {
    await db.stocktakes.put(local);
    return queueWrite<StocktakeStart, Label>({
      resource: STOCKTAKES_RESOURCE,
      ...writeRequest(startStocktakeWrite, {}),
      body,
      revert: { name: body.name },
      recordId: body.id,
    });
  });
  return local;
}

/** This device's count of a product in a count: kept at once, sent as its line. */
export async function countProduct(
  stocktake: StocktakeSummary,
  productId: number,
  quantity: number,
) {
  const line: CountLine = {
    stocktakeId: stocktake.id,
    productId,
    quantity,
    countedAt: new Date().toISOString(),
  };
  const device = await deviceId();
  await queueAndSend([db.outbox, db.countLines], async () => {
    await db.countLines.put(line);
    return queueWrite<StocktakeLines, Label>({
      resource: LINES_RESOURCE,
      ...writeRequest(countLinesWrite, { id: stocktake.id }),
      body: {
        device_id: device,
        lines: [{ product_id: productId, quantity, counted_at: line.countedAt }],
      },
      revert: { name: stocktake.name },
      recordId: stocktake.id,
    });
  });
}

export async function closeCount(stocktake: StocktakeSummary, uncounted: UncountedChoice) {
  await queueAndSend([db.outbox], () =>
    queueWrite<{ uncounted: UncountedChoice }, Label>({
      resource: STOCKTAKES_RESOURCE,
      ...writeRequest(closeStocktakeWrite, { id: stocktake.id }),
      body: { uncounted },
      revert: { name: stocktake.name },
      recordId: stocktake.id,
    }),
  );
}

/** Lines of a count waiting to be sent merge: a product's later line replaces its earlier one. */
function mergeLines(body: StocktakeLines, update: unknown): StocktakeLines {
  const byProduct = new Map<number, StocktakeLine>();
  for (const line of [...body.lines, ...(update as StocktakeLines).lines]) {
    byProduct.set(line.product_id, line);
  }
  return { ...body, lines: [...byProduct.values()] };
}

const SummaryAnswerSchema = v.object({ stocktake: StocktakeSummarySchema });

async function storeSummary(answer: unknown) {
  await db.stocktakes.put(v.parse(SummaryAnswerSchema, answer).stocktake);
}

const labelOf = (entry: OutboxEntry) => `"${(entry.revert as Label | null)?.name ?? 'a count'}"`;

const notice = (what: string) => refusalAlert(what, labelOf);

export const stocktakeHandlers = [
  defineWriteHandler<StocktakeStart, Label>({
    declaration: startStocktakeWrite,
    orderOf: countOrder,
    acknowledge: (_entry, answer) => storeSummary(answer),
    async revert(entry) {
      await db.stocktakes.delete(entry.recordId as string);
      await db.countLines
        .where('stocktakeId')
        .equals(entry.recordId as string)
        .delete();
    },
    describe: (entry) => `Starting the count ${labelOf(entry)}`,
    failureNotice: notice('The count could not start:'),
  }),
  defineWriteHandler<StocktakeLines, Label>({
    declaration: countLinesWrite,
    orderOf: countOrder,
    absorbUpdate: mergeLines,
    async acknowledge(entry, answer) {
      // Products deleted meanwhile cannot be counted: their lines go.
      const { gone } = v.parse(StocktakeLinesAnswerSchema, answer);
      if (gone.length === 0) return;
      await db.countLines.bulkDelete(
        gone.map((productId) => [entry.recordId as string, productId] as [string, number]),
      );
    },
    // Kept here: what was counted stays on the screen while the user decides.
    async revert() {},
    describe: (entry) =>
      `${(entry.body as StocktakeLines).lines.length} counted in ${labelOf(entry)}`,
    failureNotice: notice('Counts not saved in'),
  }),
  defineWriteHandler<{ uncounted: UncountedChoice }, Label>({
    declaration: closeStocktakeWrite,
    orderOf: countOrder,
    acknowledge: (_entry, answer) => storeSummary(answer),
    async revert() {},
    describe: (entry) => `Closing the count ${labelOf(entry)}`,
    failureNotice: notice('The count could not close:'),
  }),
];

const CURSOR_KEY = `feed:${stocktakesFeed.name}` as const;
/** The counts screen is open: this device keeps the business's counts from now on. */
let wanted = false;

/**
 * The business's counts, kept here for counting offline: those changed since this device's
 * cursor come with the one pull, once this device has counted or opened the counts.
 */
export const stocktakesDeviceFeed = deviceFeed({
  declaration: stocktakesFeed,
  async cursor() {
    const stored = await db.meta.get(CURSOR_KEY);
    if (stored?.key === CURSOR_KEY) return stored.cursor;
    return wanted || (await db.stocktakes.count()) > 0 ? 0 : null;
  },
  async accept({ cursor, stocktakes }) {
    // Counts started here and not yet on the server stay.
    await db.transaction('rw', db.stocktakes, db.meta, async () => {
      await db.stocktakes.bulkPut(stocktakes);
      await db.meta.put({ key: CURSOR_KEY, cursor });
    });
  },
});

/** The counts screen shows the business's counts: brought up to date through the pull. */
export function refreshStocktakes(): Promise<void> {
  wanted = true;
  return pullFeeds();
}
onForgetUser(() => {
  wanted = false;
});

/** A count's snapshot and everyone's lines, for its review (it needs the server). */
export const stocktakeDetailQuery = (id: string) => ({
  queryKey: ['stocktakes', id] as const,
  queryFn: () => readJson(stocktakeRead, { id }),
  staleTime: 0,
  retry: false,
});
