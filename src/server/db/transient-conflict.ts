/**
 * Transactions PostgreSQL ends because another one got in the way: a deadlock it broke
 * (SQLSTATE 40P01) or a serialization failure (40001). Nothing of such a transaction was kept,
 * so running it again is safe, and it is the server's job, not the tablet's: `retryingConflicts`
 * runs the work again a few times after a short, growing, random pause. Writes lock the
 * products they move in one order (products/product-locks.ts `lockProducts`), so a deadlock
 * between them is not expected; this is the net under that rule.
 */
const TRANSIENT = new Set(['40P01', '40001']);
const ATTEMPTS = 5;

export function isTransientConflict(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    const { code } = current as Error & { code?: unknown };
    if (typeof code === 'string' && TRANSIENT.has(code)) return true;
  }
  return false;
}

const pause = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, (5 + Math.random() * 20) * 2 ** attempt));

export async function retryingConflicts<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= ATTEMPTS || !isTransientConflict(error)) throw error;
      await pause(attempt);
    }
  }
}
