import { useLiveQuery } from 'dexie-react-hooks';
import { type CountLine, db, type StoredStocktake } from '../db.ts';

/** The counts this device knows, newest first; undefined while reading. */
export function useStocktakes(): StoredStocktake[] | undefined {
  return useLiveQuery(() => db.stocktakes.orderBy('started_at').reverse().toArray(), []);
}

export function useStocktake(id: string): StoredStocktake | undefined | null {
  return useLiveQuery(async () => (await db.stocktakes.get(id)) ?? null, [id]);
}

/** What this device counted in a count, by product. */
export function useCountLines(stocktakeId: string): CountLine[] | undefined {
  return useLiveQuery(
    () => db.countLines.where('stocktakeId').equals(stocktakeId).toArray(),
    [stocktakeId],
  );
}
