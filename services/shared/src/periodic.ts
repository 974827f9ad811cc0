import { Counter, type Registry } from 'prom-client';
import type { Logger } from './logger.js';

/** What a run is told: whether a stop was asked for, so a long run (a backlog drained in batches) can end early. */
export interface PeriodicRun {
  stopping(): boolean;
}

export interface PeriodicOptions {
  /** The job's name, in its log lines and as the `job` label of its metrics: bounded, never built from data. */
  name: string;
  /** The pause between the end of one run and the start of the next (runs never overlap). */
  everyMs: number;
  /**
   * How much each pause varies, as a fraction of `everyMs` either way (0.1: 90–110 %), so that replicas started
   * together do not run in step. 0 for a fixed pause.
   */
  jitter: number;
  run: (run: PeriodicRun) => unknown;
  logger: Logger;
  /** The process's registry: `periodic_runs_total` and `periodic_failures_total` by job are counted there. */
  metrics?: Registry;
  /** `now` starts the first run at once; by default it starts after the first pause. */
  firstRun?: 'now' | 'after-pause';
  /**
   * What a failed run logs, for a job that words its outages itself (once per outage, not once per run). By default
   * a failure is logged at `warn`. Either way it is counted, never thrown, and the next run comes at its time.
   */
  onError?: (error: unknown) => void;
  /** Let the process exit while only this job's timer is left (the gateway's probes): by default the timer holds it. */
  unref?: boolean;
}

export interface PeriodicJob {
  /** Cancels the next run and waits for the one under way, if any; a run is never cut. */
  stop(): Promise<void>;
}

/** The counters a registry holds once, whichever job registers them first (prom-client refuses a second). */
function countersIn(registry: Registry): { runs: Counter<'job'>; failures: Counter<'job'> } {
  const counter = (name: string, help: string) =>
    (registry.getSingleMetric(name) as Counter<'job'> | undefined) ??
    new Counter({ name, help, labelNames: ['job'] as const, registers: [registry] });
  return {
    runs: counter('periodic_runs_total', 'Runs of a periodic job, failed or not, by job'),
    failures: counter('periodic_failures_total', 'Runs of a periodic job that ended in an error, by job'),
  };
}

/** The pause before a run: `everyMs`, moved by up to `jitter` of it either way. */
export function pauseOf(everyMs: number, jitter: number, random: () => number = Math.random): number {
  return Math.max(0, Math.round(everyMs * (1 + jitter * (2 * random() - 1))));
}

/**
 * Runs `run` every `everyMs` (plus jitter) until stopped: the one way a service or the gateway does something now
 * and then. A run's error is logged and counted, and the next run comes at its time.
 */
export function startPeriodic({
  name,
  everyMs,
  jitter,
  run,
  logger,
  metrics,
  firstRun = 'after-pause',
  onError,
  unref = false,
}: PeriodicOptions): PeriodicJob {
  const counters = metrics ? countersIn(metrics) : undefined;
  const runs = counters?.runs.labels(name);
  const failures = counters?.failures.labels(name);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const context: PeriodicRun = { stopping: () => stopped };

  const fail = (error: unknown) => {
    failures?.inc();
    try {
      if (onError) onError(error);
      else logger.warn({ err: error, job: name }, `${name} failed; tried again at the next run`);
    } catch (reportError) {
      logger.error({ err: reportError, job: name }, `${name}: reporting a failed run failed`);
    }
  };

  const tick = async () => {
    try {
      await run(context);
    } catch (error) {
      fail(error);
    }
    runs?.inc();
    schedule();
  };

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => (running = tick()), pauseOf(everyMs, jitter));
    if (unref) timer.unref();
  }

  if (firstRun === 'now') running = tick();
  else schedule();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
