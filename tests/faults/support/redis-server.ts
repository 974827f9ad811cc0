import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { freePort } from '../../support/free-port.js';

export interface RedisServerOptions {
  /** `maxmemory-policy`; noeviction unless a test wants the wrong one. */
  maxmemoryPolicy?: string;
  /** false: no append-only file, no snapshots, so `stop()` then `start()` comes back empty (a cache-style Redis). */
  persistence?: boolean;
  /** Start as a replica of the Redis on 127.0.0.1 at this port. */
  replicaOf?: number;
}

/**
 * A redis-server of the test's own, on a random port in a temp dir, with the append-only file on: `stop()` then
 * `start()` is a Redis outage after which the server comes back with its data, as a restarted container would (with
 * `persistence: false`, without it).
 * The machine's shared Redis is never stopped or flushed.
 */
export class RedisServer {
  private child: ChildProcess | undefined;
  readonly dir = mkdtempSync(join(tmpdir(), 'mmdm-faults-redis-'));
  port = 0;

  constructor(private readonly options: RedisServerOptions = {}) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}/0`;
  }

  async start(): Promise<this> {
    if (this.port === 0) this.port = await freePort();
    const args = [
      '--port',
      String(this.port),
      '--bind',
      '127.0.0.1',
      '--dir',
      this.dir,
      '--appendonly',
      this.options.persistence === false ? 'no' : 'yes',
      '--appendfsync',
      'always',
      '--save',
      '',
      '--maxmemory-policy',
      this.options.maxmemoryPolicy ?? 'noeviction',
      '--loglevel',
      'warning',
      ...(this.options.replicaOf ? ['--replicaof', '127.0.0.1', String(this.options.replicaOf)] : []),
    ];
    const child = spawn('redis-server', args, { stdio: 'ignore' });
    this.child = child;
    await this.waitUntilAnswering();
    return this;
  }

  /** Stops the server (SIGTERM: it flushes the append-only file first); its port refuses connections until start(). */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    this.child = undefined;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }

  /** Kills the server (SIGKILL: no goodbye, nothing flushed), as a lost machine. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    this.child = undefined;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }

  async close(): Promise<void> {
    await this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }

  private async waitUntilAnswering(): Promise<void> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const client = new Redis(this.url, {
        lazyConnect: true,
        maxRetriesPerRequest: 0,
        enableOfflineQueue: false,
        retryStrategy: () => null,
      });
      client.on('error', () => undefined);
      try {
        await client.connect();
        // Loading the append-only file answers LOADING; wait for real readiness.
        if ((await client.ping()) === 'PONG') return;
      } catch {
        if (Date.now() > deadline) throw new Error(`redis-server on ${this.port} did not start`);
      } finally {
        client.disconnect();
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/**
 * The worker's settings in a test that stops Redis. A job the worker took just as Redis stopped (taken in Redis, the
 * reply lost with the connection) is found again only by BullMQ's stalled-job check, one to two checks after its lock
 * expires: with the production lock (MAIL_JOB_LOCK_MS, 30 s) 30–90 s after the outage began, past the tests' 60 s for
 * delivery (twice in one day's runs of the wave test: once after 49 s, once past 60 s); with 8 s locks, 8–24 s.
 */
export const REDIS_OUTAGE_WORKER_ENV = { MAIL_CONCURRENCY: '10', MAIL_JOB_LOCK_MS: '8000' };
