import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, request, type TestDatabase } from '@mmdm/tests/support';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { freePort } from '../support/free-port.js';

// main.ts runs as a real process (through tsx), importing @mmdm/shared as Node resolves it: from its build.
const sharedBuilt = existsSync(fileURLToPath(new URL('../../services/shared/dist/lifecycle.js', import.meta.url)));

async function status(url: string, path: string): Promise<number | undefined> {
  try {
    return (await request(url, path, { timeoutMs: 3000 })).status;
  } catch {
    return undefined;
  }
}

/** Each API process, the variable that gives its metrics a port of their own, and a path only its API answers. */
const processes = [
  {
    name: 'auth',
    dir: fileURLToPath(new URL('../../services/auth/', import.meta.url)),
    portVariable: 'AUTH_PORT',
    metricsPortVariable: 'AUTH_METRICS_PORT',
    series: 'mmdm_login_attempts_total',
    apiPath: '/.well-known/jwks.json',
  },
  {
    name: 'waitlist API',
    dir: fileURLToPath(new URL('../../services/waitlist/', import.meta.url)),
    portVariable: 'WAITLIST_PORT',
    metricsPortVariable: 'WAITLIST_METRICS_PORT',
    series: 'mmdm_signups_total',
    apiPath: '/waitlist/cities',
  },
];

// Kubernetes lets the monitoring namespace reach metrics ports only: each API serves its metrics on one of its own.
describe.skipIf(!sharedBuilt).each(processes)('the $name process with $metricsPortVariable', (process_) => {
  let database: TestDatabase;
  let child: ChildProcess;
  let output = '';
  let api: string;
  let metrics: string;

  beforeAll(async () => {
    database = await createTestDatabase(inject('databaseUrl'));
    const [apiPort, metricsPort] = [await freePort(), await freePort()];
    api = `http://127.0.0.1:${apiPort}`;
    metrics = `http://127.0.0.1:${metricsPort}`;
    child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: process_.dir,
      env: {
        PATH: process.env.PATH ?? '',
        DATABASE_URL: database.url,
        REDIS_URL: inject('redisUrl'),
        REDIS_PREFIX: inject('redisPrefix'),
        HOST: '127.0.0.1',
        [process_.portVariable]: String(apiPort),
        [process_.metricsPortVariable]: String(metricsPort),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const deadline = Date.now() + 60_000;
    while ((await status(api, '/healthz')) !== 200) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`the API did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }, 90_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await database?.drop();
  }, 30_000);

  it('answers GET /metrics on that port, with the API series, and nothing of the API there', async () => {
    const scraped = await request(metrics, '/metrics');
    expect(scraped.status).toBe(200);
    expect(scraped.text).toContain(process_.series);
    expect(scraped.text).toContain('http_requests_total');
    expect(await status(metrics, process_.apiPath)).toBe(404);
    expect(await status(metrics, '/healthz')).toBe(404);
    expect(await status(api, process_.apiPath)).toBe(200);
  });
});
