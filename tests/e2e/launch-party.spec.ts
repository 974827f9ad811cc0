import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import pg from 'pg';
import { request } from '../support/http.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';
import { expect, test } from './fixtures.js';
import { E2E_PORT, systemInfo } from './system.js';

/**
 * A launch party: a crowd behind one address (one Wi-Fi, a campus, a carrier's shared address) joins within minutes.
 * The shared e2e system relaxes the sign-up limits for its many journeys, so this runs against a waitlist API and a
 * gateway of its own at the **default** abuse settings (SIGNUP_CHALLENGE=adaptive, SIGNUP_WORK_AFTER, SIGNUP_RATE_LIMIT,
 * the pressure thresholds, the challenge's cost), on a database of its own. Only the DNS check is off: a test machine
 * resolves no outside name (the check has its own tests against a DNS server of their own).
 */
const SIGN_UPS = 50;
const root = resolve(import.meta.dirname, '../..');
const GATEWAY_PORT = E2E_PORT + 10;
const API_PORT = E2E_PORT + 12;
const partyURL = `http://127.0.0.1:${GATEWAY_PORT}`;

let database: TestDatabase;
const processes: ChildProcess[] = [];

/** Waits until `url` + `path` answers 200. */
async function untilServing(url: string, path: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: exited with ${child.exitCode} before it served`);
    const answer = await request(url, path, { timeoutMs: 1000 }).catch(() => undefined);
    if (answer?.status === 200) return;
    if (Date.now() > deadline) throw new Error(`${url}: not serving within 90 s`);
    await new Promise((done) => setTimeout(done, 200));
  }
}

function start(entry: string, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, [resolve(root, entry)], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env },
  });
  processes.push(child);
  return child;
}

test.describe('a launch party behind one address', () => {
  test.describe.configure({ mode: 'serial', timeout: 600_000 });
  test.skip(({ isMobile }) => isMobile, 'one browser profile proves the server side; the form is the same on phones');

  test.beforeAll(async () => {
    // Two processes starting on a loaded 2-core machine (the gateway loads the whole site build first).
    test.setTimeout(150_000);
    const info = systemInfo();
    database = await createTestDatabase(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
    const api = start('services/waitlist/dist/main.js', {
      DATABASE_URL: database.url,
      REDIS_URL: info.redisUrl,
      REDIS_PREFIX: `party${randomBytes(3).toString('hex')}`,
      WAITLIST_PORT: String(API_PORT),
      PUBLIC_URL: partyURL,
      EMAIL_DNS_CHECK: 'false',
    });
    await untilServing(`http://127.0.0.1:${API_PORT}`, '/healthz', api);
    const gateway = start('gateway/dist/main.js', {
      PORT: String(GATEWAY_PORT),
      HOST: '127.0.0.1',
      GATEWAY_METRICS_PORT: '0',
      WAITLIST_URL: `http://127.0.0.1:${API_PORT}`,
      // No staff here: nothing listens there, and no sign-up needs it.
      AUTH_URL: `http://127.0.0.1:${E2E_PORT + 11}`,
    });
    // Its /healthz says 503 without auth: the page it serves is what counts here.
    await untilServing(partyURL, '/waitlist', gateway);
  });

  test.afterAll(async () => {
    for (const child of processes) child.kill('SIGTERM');
    await Promise.all(
      processes.map((child) => (child.exitCode === null ? new Promise((done) => child.once('exit', done)) : null)),
    );
    await database?.drop();
  });

  test(`${SIGN_UPS} people join through the form from one address within minutes, default settings: all accepted`, async ({
    page,
  }) => {
    const levels: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname !== '/waitlist/challenge') return;
      // A challenge fetched just before the guest left the page has no body left to read, and was never solved.
      response.json().then(
        (body: { challenge: { parameters: { data: { level: number } } } }) =>
          levels.push(body.challenge.parameters.data.level),
        () => undefined,
      );
    });
    const startedAt = Date.now();
    for (let i = 0; i < SIGN_UPS; i++) {
      // Each guest opens the page on their own phone: a fresh form, whose challenge the page solves as they type.
      // The app asks for its challenge once it has taken over the pre-rendered form: typing before that is lost.
      const challenge = page.waitForResponse((response) => new URL(response.url()).pathname === '/waitlist/challenge');
      await page.goto(`${partyURL}/waitlist`);
      await challenge;
      await page.getByLabel('Email address').fill(`guest-${i}-${randomBytes(3).toString('hex')}@party.test`);
      await page.getByRole('button', { name: 'Join the waitlist' }).click();
      await expect(page.getByRole('heading', { name: "You're on the list!" }), `guest ${i + 1}`).toBeVisible({
        timeout: 20_000,
      });
    }
    const minutes = (Date.now() - startedAt) / 60_000;
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ count: number }>('select count(*)::int as count from waitlist.entries');
      expect(rows[0]?.count).toBe(SIGN_UPS);
    } finally {
      await client.end();
    }
    console.log(
      `launch party: ${SIGN_UPS} sign-ups from one address in ${minutes.toFixed(1)} min, challenge levels ${levels.join(' ')}`,
    );
    // The work rose with the address's pace: the crowd paid more as it grew, and still got in.
    expect(Math.max(...levels)).toBeGreaterThanOrEqual(2);
  });
});
