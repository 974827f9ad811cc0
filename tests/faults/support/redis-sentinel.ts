import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { freePort } from '../../support/free-port.js';

export interface SentinelSettings {
  /** The name the sentinels know the primary by (REDIS_SENTINEL_NAME). */
  name: string;
  primaryPort: number;
  /** Sentinels that must agree the primary is down (of `count`). */
  quorum: number;
  /** How long the primary may not answer before a sentinel believes it down. */
  downAfterMs: number;
}

/**
 * Debian's redis-sentinel processes on loopback, each with its own config file (a sentinel rewrites it as it learns),
 * watching the primary at `primaryPort`: a failover is theirs to decide, as in production.
 */
export class RedisSentinels {
  private readonly children: ChildProcess[] = [];
  readonly dir = mkdtempSync(join(tmpdir(), 'mmdm-faults-sentinel-'));
  ports: number[] = [];

  constructor(private readonly settings: SentinelSettings) {}

  /** REDIS_SENTINELS for the processes. */
  get list(): string {
    return this.ports.map((port) => `127.0.0.1:${port}`).join(',');
  }

  async start(count: number): Promise<this> {
    const { name, primaryPort, quorum, downAfterMs } = this.settings;
    for (let i = 0; i < count; i++) {
      const port = await freePort();
      const file = join(this.dir, `sentinel-${i}.conf`);
      writeFileSync(
        file,
        [
          `port ${port}`,
          'bind 127.0.0.1',
          `dir ${this.dir}`,
          `sentinel monitor ${name} 127.0.0.1 ${primaryPort} ${quorum}`,
          `sentinel down-after-milliseconds ${name} ${downAfterMs}`,
          `sentinel failover-timeout ${name} 10000`,
          `sentinel parallel-syncs ${name} 1`,
          '',
        ].join('\n'),
      );
      this.children.push(spawn('redis-sentinel', [file, '--loglevel', 'warning'], { stdio: 'ignore' }));
      this.ports.push(port);
    }
    for (const port of this.ports) await untilAnswering(port);
    return this;
  }

  /** The primary's port as the first sentinel names it now. */
  async primaryPort(): Promise<number> {
    const client = new Redis({ port: this.ports[0], host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 1 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      const [, port] = (await client.call('SENTINEL', 'get-master-addr-by-name', this.settings.name)) as string[];
      return Number(port);
    } finally {
      client.disconnect();
    }
  }

  async close(): Promise<void> {
    for (const child of this.children) {
      if (child.exitCode === null) {
        await new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        });
      }
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

async function untilAnswering(port: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const client = new Redis({
      port,
      host: '127.0.0.1',
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    client.on('error', () => undefined);
    try {
      await client.connect();
      if ((await client.ping()) === 'PONG') return;
    } catch {
      if (Date.now() > deadline) throw new Error(`redis-sentinel on ${port} did not start`);
    } finally {
      client.disconnect();
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
