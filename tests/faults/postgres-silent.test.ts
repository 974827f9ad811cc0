import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../services/waitlist/src/testing/waitlist-harness.js';
import { startApiWithDatabase, type StandaloneApi } from './support/api-process.js';
import { request } from '../support/http.js';
import { sleep } from './support/timing.js';
import { signupStream } from './support/load.js';
import { TcpProxy } from '../support/tcp-proxy.js';
import { uniqueEmail } from '../support/unique-email.js';

/** Shorter than the reset cut: what is measured here is how long a request may hang, not how long the outage lasts. */
const SILENCE_MS = 10_000;

let context: TestContext;
let proxy: TcpProxy;
let api: StandaloneApi;

beforeAll(async () => {
  context = await createTestContext();
  proxy = await TcpProxy.forUrl(context.databaseUrl, 5432).start();
  api = await startApiWithDatabase(context, proxy.rewrite(context.databaseUrl));
});

afterAll(async () => {
  await api?.close();
  await proxy?.close();
  await context?.close();
});

describe('Postgres silent (a partition: packets dropped, no reset)', () => {
  it('no request hangs: each answers 503 within about 2 s, and the API recovers by itself', async () => {
    const stream = signupStream(api.url, 50, 'pg-silent');
    await sleep(1500);
    proxy.silence();
    const silencedAt = Date.now();
    const ready = await request(api.url, '/readyz', { timeoutMs: 10_000 });
    expect(ready.status).toBe(503);
    expect(ready.ms).toBeLessThan(5000);
    await sleep(SILENCE_MS - (Date.now() - silencedAt));
    proxy.restore();
    const restoredAt = Date.now();
    let recoveredAfter = -1;
    while (Date.now() - restoredAt < 20_000) {
      const answer = await request(api.url, '/waitlist', {
        method: 'POST',
        body: { email: uniqueEmail('probe') },
      });
      if (answer.status === 200) {
        recoveredAfter = Date.now() - restoredAt;
        break;
      }
      await sleep(200);
    }
    const outcomes = await stream.stop();
    const during = outcomes.filter((o) => o.startedAt >= silencedAt && o.startedAt < restoredAt);
    const slowest = Math.max(...during.map((o) => o.ms));
    const statuses = [...new Set(during.map((o) => o.status))];
    console.info(
      `postgres silent: ${during.length} sign-ups, statuses ${JSON.stringify(statuses)}, slowest ${slowest.toFixed(0)} ms; recovered ${recoveredAfter} ms after traffic flowed again`,
    );
    // 503 while silent; a request that waited for a connection across the end of the silence may still succeed.
    expect(statuses.every((status) => status === 503 || status === 200)).toBe(true);
    expect(during.filter((o) => o.status === 200).every((o) => o.startedAt + o.ms >= restoredAt)).toBe(true);
    // The pool's 2 s connection time-out, plus scheduling on a busy 2-core runner: "about 2 s".
    expect(slowest).toBeLessThan(3000);
    expect(recoveredAfter).toBeGreaterThanOrEqual(0);
    expect(recoveredAfter).toBeLessThan(10_000);
    const acknowledged = outcomes.filter((o) => o.status === 200).map((o) => o.email);
    const { rows } = await context.pool.query<{ n: number }>(
      'select count(*)::int as n from waitlist.entries where email = any($1)',
      [acknowledged],
    );
    expect(rows[0]?.n).toBe(acknowledged.length);
  });
});
