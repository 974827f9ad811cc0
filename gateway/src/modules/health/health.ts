import { z } from 'zod';
import type { Upstream } from '../routing/route-table.js';

/** A service's `/readyz` answer (services/shared health.ts): it checks its own Postgres and Redis. */
const readinessSchema = z.object({
  status: z.enum(['ok', 'down']),
  checks: z.record(z.string(), z.string()).default({}),
});

export interface HealthReport {
  status: 'ok' | 'down';
  services: Record<Upstream, string>;
}

/** What one service says about itself: `ok`, or `down: <what>` in words an operator can act on. */
async function readinessOf(baseUrl: string, timeoutMs: number): Promise<string> {
  let response: Response;
  try {
    response = await fetch(new URL('/readyz', baseUrl), { signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError') return `down: no answer within ${timeoutMs} ms`;
    // The error code only (ECONNREFUSED, ENOTFOUND): this report is public, internal addresses stay out of it.
    const cause =
      error instanceof Error && error.cause instanceof Error
        ? (error.cause as Error & { code?: string }).code
        : undefined;
    return `down: unreachable (${cause ?? 'no connection'})`;
  }
  const body = readinessSchema.safeParse(await response.json().catch(() => undefined));
  if (!body.success) return `down: readiness answered ${response.status} without a readable report`;
  if (response.ok && body.data.status === 'ok') return 'ok';
  const failing = Object.entries(body.data.checks).filter(([, value]) => value !== 'ok');
  return `down: ${failing.length ? failing.map(([name, value]) => `${name}: ${value}`).join('; ') : `readiness answered ${response.status}`}`;
}

/**
 * One service with several replicas: ok while at least one is ready (the gateway routes around the others), saying
 * how many are; down when none is. Replicas are named by their place in the list, never by address.
 */
async function serviceReadiness(targets: readonly string[], timeoutMs: number): Promise<string> {
  const reports = await Promise.all(targets.map((target) => readinessOf(target, timeoutMs)));
  if (reports.length === 1) return reports[0]!;
  const ready = reports.filter((report) => report === 'ok').length;
  if (ready === reports.length) return 'ok';
  const problems = reports.flatMap((report, index) => (report === 'ok' ? [] : [`replica ${index + 1}: ${report}`]));
  return `${ready > 0 ? 'degraded' : 'down'}: ${ready} of ${reports.length} replicas ready (${problems.join('; ')})`;
}

const usable = (report: string) => report === 'ok' || report.startsWith('degraded');

/**
 * `GET /healthz` of the whole system: ok only when both services answer and reach Postgres and Redis (with
 * replicas: at least one of each). All are asked in parallel with a deadline, so a hung service makes the check
 * fail rather than hang.
 */
export function createHealthCheck(targets: Record<Upstream, readonly string[]>, timeoutMs = 2500) {
  return async function check(): Promise<HealthReport> {
    const [auth, waitlist] = await Promise.all([
      serviceReadiness(targets.auth, timeoutMs),
      serviceReadiness(targets.waitlist, timeoutMs),
    ]);
    return { status: usable(auth) && usable(waitlist) ? 'ok' : 'down', services: { auth, waitlist } };
  };
}
