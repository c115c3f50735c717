import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useThrottledValue } from '#data/hooks/use-throttled-value.ts';

describe('a value that changes at most every so often', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => vi.useRealTimers());

  it('shows a change after a quiet spell at once, a burst at its start and then its latest', () => {
    const { result, rerender } = renderHook(({ value }) => useThrottledValue(value, 200), {
      initialProps: { value: 1 },
    });
    expect(result.current).toBe(1);
    act(() => vi.advanceTimersByTime(1000));
    rerender({ value: 2 });
    expect(result.current).toBe(2);

    // A burst: 3, 4 and 5 within 200 ms of 2.
    for (const value of [3, 4, 5]) {
      act(() => vi.advanceTimersByTime(20));
      rerender({ value });
      expect(result.current).toBe(2);
    }
    act(() => vi.advanceTimersByTime(200));
    expect(result.current).toBe(5);
  });

  it('with 0, shows every change at once', () => {
    const { result, rerender } = renderHook(({ value }) => useThrottledValue(value, 0), {
      initialProps: { value: 1 },
    });
    for (const value of [2, 3, 4]) {
      rerender({ value });
      expect(result.current).toBe(value);
    }
  });
});
