import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

interface AuditReport {
  /** Present when npm could not get an answer from the registry's audit endpoint. */
  error?: { summary?: string };
  message?: string;
  metadata?: { vulnerabilities?: Record<string, number> };
  vulnerabilities?: Record<string, { severity: string }>;
}

describe('production dependencies', () => {
  it('npm audit reports no high or critical vulnerability', async (context) => {
    // npm audit exits non-zero when it finds anything; the JSON report is what we judge.
    const { stdout } = await promisify(execFile)('npm', ['audit', '--omit=dev', '--json'], {
      cwd: root,
      maxBuffer: 64 * 1024 * 1024,
      timeout: 90_000,
    }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const report = JSON.parse(stdout || '{}') as AuditReport;
    if (!report.metadata?.vulnerabilities) {
      // A registry mirror without the advisory endpoint (it answers 405) cannot be audited: say so, do not pass silently.
      const reason = report.error?.summary || report.message || JSON.stringify(report).slice(0, 200);
      if (process.env.REQUIRE_NPM_AUDIT === 'true') throw new Error(`npm audit could not run: ${reason}`);
      console.warn(`npm audit could not run (${reason}); set REQUIRE_NPM_AUDIT=true to make this a failure`);
      context.skip();
    }
    const serious = Object.entries(report.vulnerabilities ?? {})
      .filter(([, finding]) => finding.severity === 'high' || finding.severity === 'critical')
      .map(([name, finding]) => `${name} (${finding.severity})`);
    expect(serious).toEqual([]);
  });
});
