import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { request } from '../support/http.js';
import { createTestDatabase } from '../support/test-database.js';
import { SmtpSink } from '../support/smtp-sink.js';
import { E2E_PORT, RESULTS_DIR, STATE_FILE, type SystemInfo } from './system.js';

const root = resolve(import.meta.dirname, '../..');

async function waitHealthy(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the system exited with code ${child.exitCode} before it was healthy`);
    try {
      const { status } = await request(url, '/healthz', { timeoutMs: 2000 });
      if (status >= 200 && status < 300) return;
    } catch {
      // not up yet
    }
    await new Promise((done) => setTimeout(done, 300));
  }
  throw new Error(`the system was not healthy within ${timeoutMs} ms`);
}

/**
 * Starts the whole system the way `npm start` does (the supervisor, built code), on its own ports, database,
 * Redis key prefix and SMTP sink, so e2e runs never touch anyone's data.
 */
export default async function globalSetup() {
  const resultsDir = RESULTS_DIR;
  const mailDir = join(resultsDir, 'mail');
  rmSync(resultsDir, { recursive: true, force: true });
  mkdirSync(mailDir, { recursive: true });

  const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0';
  const database = await createTestDatabase(serverUrl);
  const sink = await new SmtpSink(mailDir).start();
  const basePort = E2E_PORT;
  const baseURL = `http://127.0.0.1:${basePort}`;
  const info: SystemInfo = {
    baseURL,
    mailDir,
    databaseUrl: database.url,
    redisUrl,
    redisPrefix: `e2e${randomBytes(3).toString('hex')}`,
    admin: { email: 'admin@e2e.test', password: `e2e-${randomBytes(12).toString('base64url')}` },
    supportEmail: 'support@e2e.test',
  };

  const system = spawn(process.execPath, [join(root, 'infra/supervisor/start.mjs')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      LOG_DIR: join(resultsDir, 'logs'),
      PORT: String(basePort),
      AUTH_PORT: String(basePort + 1),
      WAITLIST_PORT: String(basePort + 2),
      WORKER_PORT: String(basePort + 3),
      // Any free port: parallel runs must not meet on the default one.
      GATEWAY_METRICS_PORT: '0',
      PUBLIC_URL: baseURL,
      // Passkeys need a host name (WebAuthn refuses an IP address as RP ID): the passkey journey opens the panel at
      // localhost, the rest of the run at 127.0.0.1.
      PASSKEY_RP_ID: 'localhost',
      PASSKEY_ORIGINS: `${baseURL},http://localhost:${basePort}`,
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: info.redisPrefix,
      SMTP_URL: sink.url,
      ADMIN_EMAIL: info.admin.email,
      ADMIN_PASSWORD: info.admin.password,
      // Journeys sign up many addresses from one client address; the limiter has its own service-level tests.
      SIGNUP_RATE_LIMIT: '100000',
      SIGNUP_WORK_AFTER: '100000',
      // Likewise the contact form's messages (its limit has its own service-level test).
      CONTACT_RATE_LIMIT: '100000',
      SUPPORT_EMAIL: info.supportEmail,
      // Every journey joins through the proof of work, as under attack; API calls solve it (proof-of-work.ts).
      SIGNUP_CHALLENGE: 'always',
      // No DNS is reachable from a test machine; the domain check has its own tests with their own DNS server.
      EMAIL_DNS_CHECK: 'false',
      RESEND_COOLDOWN_S: '1',
    },
  });
  const output: string[] = [];
  for (const stream of [system.stdout, system.stderr])
    stream?.on('data', (chunk: Buffer) => output.push(chunk.toString()));

  try {
    await waitHealthy(baseURL, system, 90_000);
  } catch (error) {
    system.kill('SIGKILL');
    await sink.close();
    await database.drop();
    throw new Error(`${(error as Error).message}\n--- system output ---\n${output.join('').slice(-4000)}`);
  }
  writeFileSync(STATE_FILE, JSON.stringify(info, null, 2));

  return async () => {
    await new Promise<void>((done) => {
      const timer = setTimeout(() => {
        system.kill('SIGKILL');
        done();
      }, 15_000);
      system.once('exit', () => {
        clearTimeout(timer);
        done();
      });
      system.kill('SIGTERM');
    });
    await sink.close();
    if (process.env.KEEP_TEST_DATABASE !== 'true') await database.drop();
  };
}
