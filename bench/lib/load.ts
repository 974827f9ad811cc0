import autocannon from 'autocannon';
import { median } from './stats.js';

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  max: number;
  requests: number;
  /** Connection errors, time-outs and non-2xx answers together: all of them count against the goals. */
  errors: number;
  statusCodes: Record<string, number>;
}

export interface LoadSpec {
  url: string;
  connections: number;
  seconds: number;
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  /** A fresh body per request (unique sign-ups). */
  body?: () => string;
}

export async function load(spec: LoadSpec): Promise<LoadResult> {
  const { body } = spec;
  const result = await autocannon({
    url: spec.url,
    connections: spec.connections,
    duration: spec.seconds,
    timeout: 10,
    requests: [
      {
        method: spec.method ?? 'GET',
        path: spec.path,
        headers: spec.headers ?? {},
        ...(body ? { setupRequest: (request) => ({ ...request, body: body() }) } : {}),
      },
    ],
  });
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, Number(stat.count)]),
  );
  return {
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    requests: result.requests.total,
    errors: result.errors + result.timeouts + result.non2xx,
    statusCodes,
  };
}

/** Median of each figure across runs (errors: summed, as any error breaks the goal). */
export function summarize(runs: readonly LoadResult[]): LoadResult {
  const statusCodes: Record<string, number> = {};
  for (const run of runs)
    for (const [code, count] of Object.entries(run.statusCodes)) statusCodes[code] = (statusCodes[code] ?? 0) + count;
  return {
    rps: median(runs.map((run) => run.rps)),
    p50: median(runs.map((run) => run.p50)),
    p99: median(runs.map((run) => run.p99)),
    max: Math.max(...runs.map((run) => run.max)),
    requests: runs.reduce((sum, run) => sum + run.requests, 0),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    statusCodes,
  };
}

/**
 * Runs each variant `runs` times, alternating (A, B, A, B, ...) so drift in the machine (another process, a
 * checkpoint) hits both sides alike; a short warm-up of each variant first (JIT, pools, keep-alive connections).
 */
export async function alternate<K extends string>(
  runs: number,
  variants: Record<K, () => Promise<LoadResult>>,
  warmUp?: Record<K, () => Promise<unknown>>,
): Promise<Record<K, LoadResult>> {
  const names = Object.keys(variants) as K[];
  if (warmUp) for (const name of names) await warmUp[name]();
  const collected = Object.fromEntries(names.map((name) => [name, [] as LoadResult[]])) as Record<K, LoadResult[]>;
  for (let run = 0; run < runs; run += 1) {
    for (const name of names) collected[name].push(await variants[name]());
  }
  return Object.fromEntries(names.map((name) => [name, summarize(collected[name])])) as Record<K, LoadResult>;
}
