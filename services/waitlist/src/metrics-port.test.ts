import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, request, type TestDatabase } from '@mmdm/tests/support';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';

const waitlistDir = fileURLToPath(new URL('..', import.meta.url));
// main.ts runs as a real process (through tsx), importing @mmdm/shared as Node resolves it: from its build.
const sharedBuilt = existsSync(fileURLToPath(new URL('../../shared/dist/lifecycle.js', import.meta.url)));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function status(url: string, path: string): Promise<number | undefined> {
  try {
    return (await request(url, path, { timeoutMs: 3000 })).status;
  } catch {
    return undefined;
  }
}

// Kubernetes lets the monitoring namespace reach metrics ports only: the API must serve its metrics on one of its own.
describe.skipIf(!sharedBuilt)('the waitlist API process with WAITLIST_METRICS_PORT', () => {
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
      cwd: waitlistDir,
      env: {
        PATH: process.env.PATH ?? '',
        DATABASE_URL: database.url,
        REDIS_URL: inject('redisUrl'),
        REDIS_PREFIX: inject('redisPrefix'),
        HOST: '127.0.0.1',
        WAITLIST_PORT: String(apiPort),
        WAITLIST_METRICS_PORT: String(metricsPort),
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
    expect(scraped.text).toContain('mmdm_signups_total');
    expect(scraped.text).toContain('http_requests_total');
    expect(await status(metrics, '/waitlist/cities')).toBe(404);
    expect(await status(metrics, '/healthz')).toBe(404);
    expect(await status(api, '/waitlist/cities')).toBe(200);
  });
});
