import type { Logger } from '@mmdm/shared/logger';
import { Registry } from 'prom-client';
import type pg from 'pg';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startStatsRollup } from './stats-rollup.js';

const fakeLogger = () =>
  ({ warn: vi.fn(), error: vi.fn(), info: vi.fn(), debug: vi.fn() }) as unknown as Logger & {
    warn: ReturnType<typeof vi.fn>;
  };

/** A pool whose day roll-up fails as often as asked; the open minutes' roll-up fails only when told. */
function fakePool({ dayFailures, minutesFail = false }: { dayFailures: number; minutesFail?: boolean }) {
  const calls = { days: 0, minutes: 0 };
  let daysLeftToFail = dayFailures;
  const query = vi.fn(async (sql: string) => {
    if (sql.includes('as days from upserted')) {
      calls.days += 1;
      if (daysLeftToFail-- > 0) throw new Error('days down');
      return { rows: [{ days: 1 }] };
    }
    calls.minutes += 1;
    if (minutesFail) throw new Error('minutes down');
    return { rows: [{ minutes: 1 }] };
  });
  return { pool: { query } as unknown as pg.Pool, calls };
}

async function countOf(registry: Registry, metric: string): Promise<number> {
  const values = (await registry.getSingleMetric(metric)!.get()).values;
  return values.find((value) => value.labels.job === 'stats-rollup')?.value ?? 0;
}

describe('startStatsRollup', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts a failed day roll-up as a failed run, still rolls up the open minutes, and retries the days', async () => {
    const { pool, calls } = fakePool({ dayFailures: 1 });
    const registry = new Registry();
    const logger = fakeLogger();
    const job = startStatsRollup({ pool, logger, intervalMs: 60_000, metrics: registry });
    await vi.advanceTimersByTimeAsync(0);

    expect(calls).toEqual({ days: 1, minutes: 1 });
    expect(await countOf(registry, 'periodic_runs_total')).toBe(1);
    expect(await countOf(registry, 'periodic_failures_total')).toBe(1);
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(logger.warn.mock.calls[0]![0]).toMatchObject({
      job: 'stats-rollup',
      err: expect.objectContaining({
        message: 'daily stats roll-up failed',
        cause: expect.objectContaining({ message: 'days down' }),
      }),
    });

    // The next run (about 5 s on) tries the days again, since none were rolled up, and this time succeeds.
    await vi.advanceTimersByTimeAsync(5_500);
    expect(calls).toEqual({ days: 2, minutes: 2 });
    expect(await countOf(registry, 'periodic_runs_total')).toBe(2);
    expect(await countOf(registry, 'periodic_failures_total')).toBe(1);

    // Days rolled up: the runs within the interval roll up only the minutes.
    await vi.advanceTimersByTimeAsync(5_500);
    expect(calls).toEqual({ days: 2, minutes: 3 });
    expect(await countOf(registry, 'periodic_failures_total')).toBe(1);
    await job.stop();
  });

  it('counts a run where both parts failed once, naming both', async () => {
    const { pool, calls } = fakePool({ dayFailures: 1, minutesFail: true });
    const registry = new Registry();
    const logger = fakeLogger();
    const job = startStatsRollup({ pool, logger, intervalMs: 60_000, metrics: registry });
    await vi.advanceTimersByTimeAsync(0);
    await job.stop();

    expect(calls).toEqual({ days: 1, minutes: 1 });
    expect(await countOf(registry, 'periodic_failures_total')).toBe(1);
    const { err } = logger.warn.mock.calls[0]![0] as { err: AggregateError };
    expect(err).toBeInstanceOf(AggregateError);
    expect(err.errors.map((error: Error) => error.message)).toEqual(['daily stats roll-up failed', 'minutes down']);
  });
});
