import { describe, expect, it } from 'vitest';
import { isTransientConflict, retryingConflicts } from '#server/db/transient-conflict.ts';

/** A driver's error as Drizzle hands it on: the database's code on the cause. */
const failure = (code: string) =>
  Object.assign(new Error('Failed query'), {
    cause: Object.assign(new Error('deadlock detected'), { code }),
  });

describe('transactions another one got in the way of', () => {
  it('knows a deadlock and a serialization failure, wrapped or not, and nothing else', () => {
    expect(isTransientConflict(failure('40P01'))).toBe(true);
    expect(isTransientConflict(failure('40001'))).toBe(true);
    expect(isTransientConflict(Object.assign(new Error('x'), { code: '40P01' }))).toBe(true);
    expect(isTransientConflict(failure('23505'))).toBe(false);
    expect(isTransientConflict(new Error('plain'))).toBe(false);
    expect(isTransientConflict('40P01')).toBe(false);
  });

  it('runs the work again until it goes through, and hands on any other failure at once', async () => {
    let tries = 0;
    const answer = await retryingConflicts(async () => {
      tries += 1;
      if (tries < 3) throw failure(tries === 1 ? '40P01' : '40001');
      return 'stored';
    });
    expect(answer).toBe('stored');
    expect(tries).toBe(3);

    let other = 0;
    await expect(
      retryingConflicts(async () => {
        other += 1;
        throw failure('23505');
      }),
    ).rejects.toThrow('Failed query');
    expect(other).toBe(1);
  });

  it('gives up after five tries', async () => {
    let tries = 0;
    await expect(
      retryingConflicts(async () => {
        tries += 1;
        throw failure('40P01');
      }),
    ).rejects.toThrow('Failed query');
    expect(tries).toBe(5);
  });
});
