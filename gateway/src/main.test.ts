import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sampleValue } from '@mmdm/tests/support';
import { afterAll, describe, expect, it } from 'vitest';
import { createFakeSite } from '../test/support/fake-site.js';
import { request } from '@mmdm/tests/support';
import { freePort } from '../test/support/stub-upstream.js';

const gatewayDir = fileURLToPath(new URL('..', import.meta.url));
// main.ts runs as a real process (through tsx), importing @mmdm/shared as Node resolves it: from its build.
const sharedBuilt = existsSync(fileURLToPath(new URL('../../services/shared/dist/config.js', import.meta.url)));

interface Run {
  stdout: string;
  stderr: string;
  code: number | null;
}

function startMain(env: Record<string, string>, nodeArgs: string[] = []) {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/main.ts'], {
    cwd: gatewayDir,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const run: Run = { stdout: '', stderr: '', code: null };
  child.stdout.on('data', (chunk: Buffer) => (run.stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (run.stderr += chunk.toString('utf8')));
  const exited = new Promise<Run>((resolve) =>
    child.on('exit', (code) => {
      run.code = code;
      resolve(run);
    }),
  );
  return { child, run, exited };
}

async function until(condition: () => boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(!sharedBuilt)('the gateway process', () => {
  const site = createFakeSite();
  const empty = mkdtempSync(join(tmpdir(), 'mmdm-no-build-'));
  afterAll(() => {
    site.remove();
    rmSync(empty, { recursive: true, force: true });
  });

  it('refuses to start without a web build, saying in one line to run the build', async () => {
    const run = await startMain({ WEB_DIST_DIR: empty }).exited;
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('run `npm run build`');
  });

  it('refuses to start with a bad variable, naming it', async () => {
    const run = await startMain({ WEB_DIST_DIR: site.dir, PROXY_TIMEOUT_MS: 'soon' }).exited;
    expect(run.code).toBe(78);
    expect(run.stderr).toMatch(/^gateway: Invalid configuration: PROXY_TIMEOUT_MS: /);
  });

  it('serves, then stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const metricsPort = await freePort();
    const { child, run, exited } = startMain({
      WEB_DIST_DIR: site.dir,
      PORT: String(port),
      GATEWAY_METRICS_PORT: String(metricsPort),
      HOST: '127.0.0.1',
    });
    try {
      await until(() => run.stdout.includes('gateway listening'));
      const page = await request(`http://127.0.0.1:${port}`, '/about');
      expect(page.status).toBe(200);

      // Prometheus's page is on the metrics port only: from outside, /metrics is just a page the site does not have.
      expect((await request(`http://127.0.0.1:${port}`, '/metrics')).status).toBe(404);
      const metrics = await request(`http://127.0.0.1:${metricsPort}`, '/metrics');
      expect(metrics.status).toBe(200);
      expect(metrics.headers['content-type']).toMatch(/^text\/plain; version=0.0.4/);
      expect(sampleValue(metrics.text, 'http_requests_total', { route: 'site', method: 'GET', status: '200' })).toBe(1);
      expect(sampleValue(metrics.text, 'http_requests_total', { route: 'site', method: 'GET', status: '404' })).toBe(1);
      expect(sampleValue(metrics.text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
      expect(sampleValue(metrics.text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
      expect((await request(`http://127.0.0.1:${metricsPort}`, '/about')).status).toBe(404);
    } finally {
      child.kill('SIGTERM');
    }
    const done = await exited;
    expect(done.code).toBe(0);
    expect(done.stdout).toContain('"msg":"stopped"');
  });

  it('starts without loading Express, helmet, pg, ioredis, node-pg-migrate or jose (decision 001)', async () => {
    const port = await freePort();
    const record = join(empty, 'imports.txt');
    const recorder = fileURLToPath(new URL('../test/support/record-imports.mjs', import.meta.url));
    const { child, run, exited } = startMain(
      { WEB_DIST_DIR: site.dir, PORT: String(port), HOST: '127.0.0.1', RECORD_IMPORTS_TO: record },
      ['--import', recorder],
    );
    try {
      await until(() => run.stdout.includes('gateway listening'));
      expect((await request(`http://127.0.0.1:${port}`, '/about')).status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
    await exited;
    const loaded = readFileSync(record, 'utf8').split('\n');
    // The recorder works: the gateway's own shared modules are in the list.
    expect(loaded.some((url) => url.includes('/services/shared/dist/config.js'))).toBe(true);
    const packages = new Set(
      loaded.map((url) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1]).filter(Boolean),
    );
    const forbidden = ['express', 'helmet', 'pg', 'ioredis', 'node-pg-migrate', 'jose'];
    expect(forbidden.filter((name) => packages.has(name))).toEqual([]);
  });
});
