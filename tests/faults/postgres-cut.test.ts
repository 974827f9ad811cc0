import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../services/waitlist/src/testing/waitlist-harness.js';
import { TcpProxy } from '../support/tcp-proxy.js';
import { startApiWithDatabase, type StandaloneApi } from './support/api-process.js';
import { request } from '../support/http.js';
import { sleep } from './support/timing.js';
import { OUTAGE_MS, signupStream, type SignupOutcome } from './support/load.js';

let context: TestContext;
let proxy: TcpProxy;
let api: StandaloneApi;
let url: string;

/** The waitlist API as main.ts builds it, reaching Postgres through a proxy the test can cut. */
beforeAll(async () => {
  context = await createTestContext();
  proxy = await TcpProxy.forUrl(context.databaseUrl, 5432).start();
  api = await startApiWithDatabase(context, proxy.rewrite(context.databaseUrl));
  url = api.url;
});

afterAll(async () => {
  await api?.close();
  await proxy?.close();
  await context?.close();
});

describe(`Postgres cut for ${OUTAGE_MS / 1000} s`, () => {
  it('answers 503 JSON within about 2 s, /readyz turns 503 within 5 s, recovers within 10 s without a restart, loses nothing', async () => {
    const stream = signupStream(url, 50, 'pg-cut');
    await sleep(2000);

    proxy.cutOff();
    const cutAt = Date.now();
    let readyDownAfter = -1;
    while (Date.now() - cutAt < OUTAGE_MS) {
      const ready = await request(url, '/readyz', { timeoutMs: 10_000 });
      if (ready.status === 503 && readyDownAfter < 0) readyDownAfter = Date.now() - cutAt;
      await sleep(250);
    }
    proxy.restore();
    const restoredAt = Date.now();
    let recoveredAfter = -1;
    while (Date.now() - restoredAt < 15_000) {
      const recent = stream.outcomes.filter((o) => o.startedAt >= Date.now() - 600 && o.status !== 0);
      const ready = await request(url, '/readyz');
      if (ready.status === 200 && recent.length > 0 && recent.every((o) => o.status === 200)) {
        recoveredAfter = Date.now() - restoredAt;
        break;
      }
      await sleep(100);
    }
    await sleep(2000);
    const outcomes = await stream.stop();

    const during = outcomes.filter((o) => o.startedAt >= cutAt + 200 && o.startedAt < restoredAt - 2500);
    const statuses = new Map<number, number>();
    for (const o of during) statuses.set(o.status, (statuses.get(o.status) ?? 0) + 1);
    const slowest = Math.max(...during.map((o) => o.ms));
    console.info(
      `postgres cut: ${during.length} sign-ups during the cut, statuses ${JSON.stringify(Object.fromEntries(statuses))}, ` +
        `slowest ${slowest.toFixed(0)} ms; /readyz 503 after ${readyDownAfter} ms; recovered ${recoveredAfter} ms after the restore`,
    );
    expect(during.length).toBeGreaterThan(0);
    expect([...statuses.keys()]).toEqual([503]);
    expect(slowest).toBeLessThan(2500);
    expect(readyDownAfter).toBeGreaterThanOrEqual(0);
    expect(readyDownAfter).toBeLessThan(5000);
    expect(recoveredAfter).toBeGreaterThanOrEqual(0);
    expect(recoveredAfter).toBeLessThan(10_000);
    // Every 503 is the JSON error shape, with nothing internal in it.
    const sample = await request(url, '/waitlist', { method: 'POST', body: { email: 'x@example.com' } });
    expect(sample.status).toBe(200);

    // 0 lost: every 2xx has its row; the tail end of the stream (after recovery) is all 2xx.
    const acknowledged = outcomes.filter((o: SignupOutcome) => o.status === 200).map((o) => o.email);
    const { rows } = await context.pool.query<{ email: string }>(
      'select email from waitlist.entries where email = any($1)',
      [acknowledged],
    );
    expect(rows.length).toBe(acknowledged.length);
    expect(outcomes.filter((o) => o.startedAt > restoredAt + recoveredAfter + 500).every((o) => o.status === 200)).toBe(
      true,
    );
  });

  it('a 503 during the cut is the JSON error shape, says nothing internal, and asks to retry', async () => {
    proxy.cutOff();
    try {
      const answer = await request(url, '/waitlist', { method: 'POST', body: { email: 'shape@example.com' } });
      expect(answer.status).toBe(503);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.body).toMatchObject({ success: false, code: expect.any(String), message: expect.any(String) });
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      expect(answer.text).not.toMatch(/ECONN|pg|postgres|terminated|stack|at [\w.]+ \(/i);
    } finally {
      proxy.restore();
    }
  });
});
