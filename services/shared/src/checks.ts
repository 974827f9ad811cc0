// Readiness checks without Express, so a process that only reports readiness as a metric (the gateway) loads none.
export type Check = () => Promise<void>;

export interface CheckResult {
  status: 'ok' | 'down';
  checks: Record<string, 'ok' | string>;
}

/** Runs every check in parallel with a deadline, so a hung dependency makes readiness fail, not hang. */
export async function runChecks(checks: Record<string, Check>, timeoutMs = 1500): Promise<CheckResult> {
  const entries = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      try {
        await withTimeout(check(), timeoutMs);
        return [name, 'ok'] as const;
      } catch (error) {
        return [name, error instanceof Error ? error.message : 'down'] as const;
      }
    }),
  );
  const results = Object.fromEntries(entries);
  return { status: entries.every(([, value]) => value === 'ok') ? 'ok' : 'down', checks: results };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
