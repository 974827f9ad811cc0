import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-database.js';
import type { BenchOptions } from './options.js';
import { freePort, startProcess, waitForHttp, type RunningProcess } from './processes.js';

export const ROOT = new URL('../../', import.meta.url).pathname.replace(/\/$/, '');

export const ADMIN_EMAIL = 'bench-admin@example.com';
export const ADMIN_PASSWORD = 'bench passphrase that is long enough';

export type ServiceName = 'auth' | 'waitlist' | 'waitlist-worker' | 'gateway';

export const ENTRIES: Record<ServiceName, string> = {
  auth: 'services/auth/dist/main.js',
  waitlist: 'services/waitlist/dist/main.js',
  'waitlist-worker': 'services/waitlist/dist/worker-main.js',
  gateway: 'gateway/dist/main.js',
};

export interface SystemPorts {
  gateway: number;
  auth: number;
  waitlist: number;
  worker: number;
}

/**
 * The project's processes, each started directly from its compiled entry (as compose runs them: one process per
 * container, logs to a file instead of a terminal), on free loopback ports, against the bench database and a
 * Redis prefix of its own.
 */
export class BenchSystem {
  readonly processes = new Map<ServiceName, RunningProcess>();
  readonly env: NodeJS.ProcessEnv;

  private constructor(
    readonly ports: SystemPorts,
    readonly logDir: string,
    settings: {
      databaseUrl: string;
      redisUrl: string;
      redisPrefix: string;
      webDistDir: string;
      inheritedEnv: Readonly<Record<string, string>>;
      smtpUrl?: string;
      extra?: Record<string, string>;
    },
  ) {
    this.env = {
      ...settings.inheritedEnv,
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      DATABASE_URL: settings.databaseUrl,
      REDIS_URL: settings.redisUrl,
      REDIS_PREFIX: settings.redisPrefix,
      PORT: String(ports.gateway),
      AUTH_PORT: String(ports.auth),
      WAITLIST_PORT: String(ports.waitlist),
      WORKER_PORT: String(ports.worker),
      // Any free port: nothing scrapes the gateway here, and parallel runs must not meet on the default one.
      GATEWAY_METRICS_PORT: '0',
      AUTH_URL: `http://127.0.0.1:${ports.auth}`,
      WAITLIST_URL: `http://127.0.0.1:${ports.waitlist}`,
      AUTH_JWKS_URL: `http://127.0.0.1:${ports.auth}/.well-known/jwks.json`,
      PUBLIC_URL: `http://127.0.0.1:${ports.gateway}`,
      // Passkeys want a domain name, never the IP address above.
      PASSKEY_RP_ID: 'localhost',
      // The load comes from one address; the per-address limit would otherwise end the benchmark after 10 sign-ups.
      SIGNUP_RATE_LIMIT: '1000000000',
      SIGNUP_WORK_AFTER: '1000000000',
      // The plain sign-up path: the proof of work is measured on its own (the sign-up suite's challenge variant), and
      // no DNS is reachable from a bench machine.
      SIGNUP_CHALLENGE: 'off',
      EMAIL_DNS_CHECK: 'false',
      // The staff and launch suites fill a 90-day history with pending and unsubscribed rows; the worker's retention
      // would erase them while the suites read them (and the next fill would collide with the survivors).
      UNCONFIRMED_RETENTION_H: '10000000',
      UNSUBSCRIBED_RETENTION_H: '10000000',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      // nginx (when in front) is on loopback: the gateway may believe its X-Forwarded-For, as in compose.
      GATEWAY_TRUSTED_PROXIES: 'loopback',
      WEB_DIST_DIR: settings.webDistDir,
      LOG_DIR: logDir,
      MAIL_DIR: join(logDir, 'mail'),
      ...(settings.smtpUrl ? { SMTP_URL: settings.smtpUrl } : {}),
      ...settings.extra,
    };
  }

  static async create(settings: {
    databaseUrl: string;
    redisUrl: string;
    redisPrefix: string;
    /** A snapshot of web/dist: the build in the checkout may be rebuilt by someone else while the benchmark runs. */
    webDistDir: string;
    inheritedEnv: Readonly<Record<string, string>>;
    logDir: string;
    smtpUrl?: string;
    extra?: Record<string, string>;
  }): Promise<BenchSystem> {
    mkdirSync(settings.logDir, { recursive: true });
    const ports = {
      gateway: await freePort(),
      auth: await freePort(),
      waitlist: await freePort(),
      worker: await freePort(),
    };
    return new BenchSystem(ports, settings.logDir, settings);
  }

  get url(): string {
    return `http://127.0.0.1:${this.ports.gateway}`;
  }

  serviceUrl(name: ServiceName): string {
    const port = {
      auth: this.ports.auth,
      waitlist: this.ports.waitlist,
      'waitlist-worker': this.ports.worker,
      gateway: this.ports.gateway,
    }[name];
    return `http://127.0.0.1:${port}`;
  }

  /** Starts the named processes (in order) and waits for each one's /healthz; `nodeArgs` e.g. --cpu-prof. */
  async start(names: ServiceName[], extraEnv: Record<string, string> = {}, nodeArgs: string[] = []): Promise<void> {
    for (const name of names) {
      if (this.processes.has(name)) continue;
      const args = [...nodeArgs, join(ROOT, ENTRIES[name])];
      const proc = startProcess(
        name,
        process.execPath,
        args,
        { ...this.env, ...extraEnv },
        join(this.logDir, `${name}.log`),
        ROOT,
      );
      this.processes.set(name, proc);
      await waitForHttp(`${this.serviceUrl(name)}/healthz`, 60_000, proc);
    }
  }

  async stop(names: ServiceName[] = [...this.processes.keys()].reverse()): Promise<void> {
    for (const name of names) {
      await this.processes.get(name)?.stop();
      this.processes.delete(name);
    }
  }

  pid(name: ServiceName): number {
    const proc = this.processes.get(name);
    if (!proc) throw new Error(`${name} is not running`);
    return proc.pid;
  }

  /** A staff token for the bootstrap admin. */
  async staffToken(): Promise<string> {
    const response = await fetch(`${this.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    const body = (await response.json()) as { token?: string };
    if (!response.ok || !body.token) throw new Error(`login failed: ${response.status} ${JSON.stringify(body)}`);
    return body.token;
  }
}

/**
 * For the stand-alone scripts (bench/profile.ts, bench/cpu-cost.ts): a fresh database and a system on it that serves
 * the checkout's web/dist, with logs in `dir`. The caller stops the system and drops the database.
 */
export async function standaloneSystem(
  options: BenchOptions,
  runId: string,
  dir: string,
  smtpUrl?: string,
): Promise<{ database: TestDatabase; system: BenchSystem }> {
  const database = await createTestDatabase(options.pgUrl, 'mmdm_bench');
  const system = await BenchSystem.create({
    databaseUrl: database.url,
    redisUrl: options.redisUrl,
    inheritedEnv: options.inheritedEnv,
    redisPrefix: `bench-${runId}`,
    webDistDir: join(ROOT, 'web/dist'),
    logDir: join(dir, 'logs'),
    ...(smtpUrl ? { smtpUrl } : {}),
  });
  return { database, system };
}
