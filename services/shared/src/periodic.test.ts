import { Registry } from 'prom-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Logger } from './logger.js';
import { pauseOf, startPeriodic } from './periodic.js';

const fakeLogger = () =>
  ({ warn: vi.fn(), error: vi.fn(), info: vi.fn() }) as unknown as Logger & {
    warn: ReturnType<typeof vi.fn>;
    error: ReturnType<typeof vi.fn>;
  };

async function countOf(registry: Registry, metric: string, job: string): Promise<number> {
  const values = (await registry.getSingleMetric(metric)!.get()).values;
  return values.find((value) => value.labels.job === job)?.value ?? 0;
}

describe('startPeriodic', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs after each pause, not before the first unless asked, and never overlapping', async () => {
    const run = vi.fn();
    const job = startPeriodic({ name: 'test-job', everyMs: 1000, jitter: 0, run, logger: fakeLogger() });
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(999);
    expect(run).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(run).toHaveBeenCalledTimes(4);
    await job.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(run).toHaveBeenCalledTimes(4);

    const soon = vi.fn();
    const now = startPeriodic({
      name: 'now',
      everyMs: 1000,
      jitter: 0,
      run: soon,
      logger: fakeLogger(),
      firstRun: 'now',
    });
    expect(soon).toHaveBeenCalledTimes(1);
    await now.stop();
  });

  it('counts the next pause from the end of a slow run', async () => {
    const starts: number[] = [];
    const job = startPeriodic({
      name: 'slow',
      everyMs: 100,
      jitter: 0,
      logger: fakeLogger(),
      run: async () => {
        starts.push(Date.now());
        await new Promise((resolve) => setTimeout(resolve, 250));
      },
    });
    await vi.advanceTimersByTimeAsync(1000);
    const stopped = job.stop();
    await vi.advanceTimersByTimeAsync(250);
    await stopped;
    expect(starts.length).toBeGreaterThan(1);
    for (let i = 1; i < starts.length; i++) expect(starts[i]! - starts[i - 1]!).toBe(350);
  });

  it('stop waits for the run under way and tells it a stop was asked for', async () => {
    let finished = false;
    let sawStop = false;
    const job = startPeriodic({
      name: 'long',
      everyMs: 10,
      jitter: 0,
      logger: fakeLogger(),
      firstRun: 'now',
      run: async ({ stopping }) => {
        await new Promise((resolve) => setTimeout(resolve, 500));
        sawStop = stopping();
        finished = true;
      },
    });
    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(499);
    expect(stopped).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await stopping;
    expect(finished).toBe(true);
    expect(sawStop).toBe(true);
  });

  it('logs and counts a failed run, never throws it, and runs again at the next time', async () => {
    const logger = fakeLogger();
    const registry = new Registry();
    let calls = 0;
    const job = startPeriodic({
      name: 'flaky',
      everyMs: 100,
      jitter: 0,
      logger,
      metrics: registry,
      run: () => {
        calls += 1;
        if (calls === 1) throw new Error('boom');
      },
    });
    await vi.advanceTimersByTimeAsync(300);
    await job.stop();
    expect(calls).toBe(3);
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(logger.warn.mock.calls[0]![0]).toMatchObject({
      job: 'flaky',
      err: expect.objectContaining({ message: 'boom' }),
    });
    expect(await countOf(registry, 'periodic_runs_total', 'flaky')).toBe(3);
    expect(await countOf(registry, 'periodic_failures_total', 'flaky')).toBe(1);

    // A second job in the same registry shares the counters under its own label.
    const other = startPeriodic({ name: 'other', everyMs: 100, jitter: 0, logger, metrics: registry, run: () => {} });
    await vi.advanceTimersByTimeAsync(100);
    await other.stop();
    expect(await countOf(registry, 'periodic_runs_total', 'other')).toBe(1);
  });

  it('hands a failure to onError instead of logging it, and survives onError throwing', async () => {
    const logger = fakeLogger();
    const onError = vi.fn(() => {
      throw new Error('reporting broke');
    });
    const run = vi.fn(() => Promise.reject(new Error('down')));
    const job = startPeriodic({ name: 'worded', everyMs: 100, jitter: 0, logger, run, onError });
    await vi.advanceTimersByTimeAsync(200);
    await job.stop();
    expect(run).toHaveBeenCalledTimes(2);
    expect(onError).toHaveBeenCalledTimes(2);
    expect(logger.warn).not.toHaveBeenCalled();
    expect(logger.error).toHaveBeenCalledTimes(2);
  });
});

describe('pauseOf', () => {
  it('moves the pause by up to the jitter either way', () => {
    expect(pauseOf(1000, 0.1, () => 0)).toBe(900);
    expect(pauseOf(1000, 0.1, () => 0.5)).toBe(1000);
    expect(pauseOf(1000, 0.1, () => 0.999999)).toBe(1100);
    expect(pauseOf(1000, 0, () => 0)).toBe(1000);
  });
});
