import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  startApi,
  type ApiHarness,
  type TestContext,
} from '../../services/waitlist/src/testing/waitlist-harness.js';
import { SmtpSink } from '../support/index.js';
import { request } from '../support/http.js';
import { sleep } from './support/timing.js';
import { mailJobCounts, mailsPerRecipient } from './support/mail.js';
import { freePort } from '../support/free-port.js';
import { SecretWatch } from './support/secrets.js';
import { startServiceProcess, untilHealthy, type ServiceProcess } from './support/service-process.js';
import { uniqueEmail } from '../support/unique-email.js';

const MAILS = 1000;
const CONCURRENCY = 10;
/** Kill points, as counts of delivered mails. */
const KILL_AT = [150, 400, 650];

let context: TestContext;
let api: ApiHarness;
let sink: SmtpSink;
const processes: ServiceProcess[] = [];
const secrets = new SecretWatch();

beforeAll(async () => {
  context = await createTestContext();
  sink = await new SmtpSink().start();
  api = await startApi(context, { env: { SIGNUP_RATE_LIMIT: '100000' } });
});

afterAll(async () => {
  for (const worker of processes) if (worker.child.exitCode === null) worker.child.kill('SIGKILL');
  const logs = [api?.logs.text() ?? '', ...processes.map((p) => p.output())].join('\n');
  expect(secrets.leakedIn(logs, sink?.messages)).toEqual([]);
  await api?.close();
  await sink?.close();
  await context?.close();
});

async function startWorkerProcess(): Promise<ServiceProcess> {
  const port = await freePort();
  const worker = startServiceProcess('services/waitlist/src/worker-main.ts', {
    DATABASE_URL: context.databaseUrl,
    REDIS_URL: context.redisUrl,
    REDIS_PREFIX: context.prefix,
    SMTP_URL: sink.url,
    PUBLIC_URL: 'http://mmdm.test',
    WORKER_PORT: String(port),
    HOST: '127.0.0.1',
    MAIL_CONCURRENCY: String(CONCURRENCY),
    RELAY_INTERVAL_MS: '50',
    MAIL_BACKOFF_MS: '100',
  });
  processes.push(worker);
  await untilHealthy(`http://127.0.0.1:${port}`, worker);
  return worker;
}

describe(`the e-mail worker SIGKILLed ${KILL_AT.length} times during ${MAILS} mails`, () => {
  it('delivers all of them, recovers stalled jobs, and duplicates only inside the crash window', async () => {
    const emails = Array.from({ length: MAILS }, () => uniqueEmail('kill'));
    for (let i = 0; i < emails.length; i += 25) {
      const batch = emails.slice(i, i + 25);
      const answers = await Promise.all(
        batch.map((email) =>
          request(api.url, '/waitlist', {
            method: 'POST',
            body: { email },
            headers: { 'x-forwarded-for': `10.9.${randomBytes(1)[0]}.${randomBytes(1)[0]}` },
          }),
        ),
      );
      expect(answers.every((answer) => answer.status === 200)).toBe(true);
    }

    let worker = await startWorkerProcess();
    const started = Date.now();
    for (const at of KILL_AT) {
      await sink.waitFor((messages) => messages.length >= at, 120_000);
      worker.child.kill('SIGKILL');
      await worker.exited;
      worker = await startWorkerProcess();
    }
    // Jobs the killed workers held come back when their locks expire (BullMQ's stalled-job check, ~30-60 s).
    const wanted = new Set(emails);
    await sink.waitFor(
      () => [...mailsPerRecipient(sink).keys()].filter((to) => wanted.has(to)).length === MAILS,
      150_000,
    );
    await sleep(1000);
    const counts = mailsPerRecipient(sink);
    const duplicates = emails.filter((email) => (counts.get(email) ?? 0) > 1).length;
    console.info(
      `worker kills: ${MAILS} delivered in ${((Date.now() - started) / 1000).toFixed(1)} s across ${KILL_AT.length} SIGKILLs, ${duplicates} duplicates`,
    );
    expect(emails.filter((email) => !counts.has(email))).toEqual([]);
    // A mail goes out twice only if a kill fell between the SMTP server's acceptance and the record of it:
    // at most the jobs in flight at each kill.
    expect(duplicates).toBeLessThanOrEqual(KILL_AT.length * CONCURRENCY);
    expect(sink.messages.every((mail) => mail.envelope.to.length === 1)).toBe(true);
    const jobs = await mailJobCounts(context.redisUrl, context.prefix);
    expect(jobs.failed).toBe(0);
    const { rows } = await context.pool.query<{ unsent: number }>(
      'select count(*)::int as unsent from waitlist.outbox where sent_at is null',
    );
    expect(rows[0]?.unsent).toBe(0);

    worker.child.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
  });
});
