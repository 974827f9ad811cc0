import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpSink } from '../support/index.js';
import { request } from '../support/http.js';
import { sleep } from './support/timing.js';
import { OUTAGE_MS, signupStream, type SignupOutcome } from './support/load.js';
import { RedisServer, REDIS_OUTAGE_WORKER_ENV } from './support/redis-server.js';
import { SecretWatch } from './support/secrets.js';
import { startSystem, type System } from './support/system.js';
import { createStaff } from '../../services/auth/src/testing/auth-harness.js';

let redis: RedisServer;
let sink: SmtpSink;
let system: System;
const secrets = new SecretWatch();

beforeAll(async () => {
  redis = await new RedisServer().start();
  sink = await new SmtpSink().start();
  system = await startSystem({ redisUrl: redis.url, sink, workerEnv: REDIS_OUTAGE_WORKER_ENV });
});

afterAll(async () => {
  if (system) {
    expect(secrets.leakedIn(system.logs(), sink.messages)).toEqual([]);
  }
  await system?.close();
  await sink?.close();
  await redis?.close();
});

async function rowsFor(emails: string[]): Promise<Set<string>> {
  const { rows } = await system.context.pool.query<{ email: string }>(
    'select email from waitlist.entries where email = any($1)',
    [emails],
  );
  return new Set(rows.map((row) => row.email));
}

describe(`Redis stopped for ${OUTAGE_MS / 1000} s during a steady stream of sign-ups`, () => {
  it('loses no sign-up, answers ≥ 95% of those sent during the outage with 2xx, and mails each exactly once within 60 s of Redis returning', async () => {
    const owner = await createStaff(system.auth, { role: 'admin' });
    secrets.add(owner.password);
    const stream = signupStream(system.api.url, 50, 'redis-outage');
    await sleep(3000);

    await redis.stop();
    const outageStart = Date.now();
    await sleep(1000);
    // Sign-in counts attempts in Redis: with Redis gone it fails closed, quickly.
    const login = await request(system.gateway.url, '/api/admin/login', {
      method: 'POST',
      body: { email: owner.email, password: owner.password },
    });
    expect(login.status).toBe(503);
    expect(login.ms).toBeLessThan(3000);
    await sleep(OUTAGE_MS - (Date.now() - outageStart));

    await redis.start();
    const restoredAt = Date.now();
    await sleep(3000);
    const outcomes = await stream.stop();

    const during = outcomes.filter((o) => o.startedAt >= outageStart && o.startedAt < restoredAt);
    const ok = (o: SignupOutcome) => o.status >= 200 && o.status < 300;
    const acknowledged = outcomes.filter(ok);
    const duringOk = during.filter(ok).length / during.length;
    console.info(
      `redis outage: ${outcomes.length} sign-ups, ${during.length} during the outage, ${(duringOk * 100).toFixed(1)}% of those 2xx`,
    );
    expect(during.length).toBeGreaterThan((OUTAGE_MS / 50) * 0.5);
    expect(duringOk).toBeGreaterThanOrEqual(0.95);

    // 0 lost: every acknowledged sign-up has its row.
    const stored = await rowsFor(acknowledged.map((o) => o.email));
    expect(acknowledged.filter((o) => !stored.has(o.email)).map((o) => o.email)).toEqual([]);

    // Every acknowledged sign-up's mail, exactly once, within 60 s of Redis returning.
    const wanted = new Set(acknowledged.map((o) => o.email.toLowerCase()));
    const delivered = () =>
      new Set(sink.messages.flatMap((m) => m.envelope.to.map((to) => to.toLowerCase())).filter((to) => wanted.has(to)));
    await sink.waitFor(() => delivered().size === wanted.size, Math.max(1000, 60_000 - (Date.now() - restoredAt)));
    console.info(
      `redis outage: all ${wanted.size} mails delivered ${((Date.now() - restoredAt) / 1000).toFixed(1)} s after Redis returned`,
    );
    await sleep(1500);
    const perRecipient = new Map<string, number>();
    for (const mail of sink.messages)
      for (const to of mail.envelope.to)
        perRecipient.set(to.toLowerCase(), (perRecipient.get(to.toLowerCase()) ?? 0) + 1);
    expect([...perRecipient].filter(([, count]) => count !== 1)).toEqual([]);
    expect(sink.messages.every((mail) => mail.envelope.to.length === 1)).toBe(true);
  });
});
