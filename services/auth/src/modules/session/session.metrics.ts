import { Counter, type Registry } from '@mmdm/shared/metrics';

export type LoginResult = 'succeeded' | 'failed' | 'throttled';

export interface SessionMetrics {
  loginAttempts: Counter<'result'>;
}

/** Staff sign-ins by outcome: a spike of `throttled` is someone guessing passwords. */
export function createSessionMetrics(registry: Registry): SessionMetrics {
  const loginAttempts = new Counter({
    name: 'mmdm_login_attempts_total',
    help: 'Staff sign-in attempts by result: succeeded, failed (wrong credentials or disabled account), throttled (429)',
    labelNames: ['result'],
    registers: [registry],
  });
  // Every series exists from the start, so rate() and alerts see 0 rather than nothing before the first event.
  for (const result of ['succeeded', 'failed', 'throttled'] satisfies LoginResult[])
    loginAttempts.labels(result).inc(0);
  return { loginAttempts };
}
