import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { BenchContext } from '../lib/context.js';
import { median, num, pct, ratio, sleep } from '../lib/stats.js';
import type { CountingSmtpSink } from '../lib/smtp-counter.js';
import { ROOT } from '../lib/system.js';

/**
 * The worker's default SMTP_POOL_SIZE, passed to it explicitly so both sides use the same count. MAIL_CONCURRENCY
 * (jobs in flight) is left at the worker's default: that is the setting under test.
 */
const SMTP_CONNECTIONS = 5;

async function waitForDeliveries(sink: CountingSmtpSink, addresses: string[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (addresses.every((address) => sink.perRecipient.has(address))) return;
    await sleep(20);
  }
}

/**
 * (2) Mail drain: N confirmation mails queued at once (entries + outbox rows, as N sign-ups leave them) until the
 * worker has delivered them all to the sink, against raw pooled nodemailer sending the same bytes (the worker's own
 * first mail, captured) to N addresses over the same number of SMTP connections. Alternating runs; then every address
 * must have exactly one mail and every outbox row a sent_at.
 */
export async function mailSuite(context: BenchContext, sink: CountingSmtpSink): Promise<void> {
  const { options, report, system, database, runId } = context;
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  try {
    // Sign-ups from the load suites left outbox rows behind: they are synthetic, and not part of this measurement.
    await pool.query(
      'update waitlist.outbox set relayed_at = coalesce(relayed_at, now()), sent_at = coalesce(sent_at, now()) where sent_at is null',
    );
    await system.start(['waitlist-worker'], { SMTP_POOL_SIZE: String(SMTP_CONNECTIONS) });

    const queue = async (tag: string, count: number): Promise<string[]> => {
      await pool.query(
        `with e as (
           insert into waitlist.entries (email, email_normalized, last_mail_queued_at)
           select a, a, now() from (select $1 || g || '@bench.example.com' as a from generate_series(1, $2::int) g) s
           returning id
         )
         insert into waitlist.outbox (entry_id) select id from e`,
        [tag, count],
      );
      return Array.from({ length: count }, (_, index) => `${tag}${index + 1}@bench.example.com`);
    };

    const timeoutMs = 240_000;
    const project = async (tag: string, count: number) => {
      const addresses = await queue(tag, count);
      const started = performance.now(); // from the moment the mails are queued, as the reference starts
      await waitForDeliveries(sink, addresses, timeoutMs);
      return { seconds: (performance.now() - started) / 1000, addresses };
    };

    // Warm-up, and the sample mail the reference will send.
    await project(`mw${runId}-`, 50);
    const sample = sink.sample;
    if (!sample) throw new Error('the worker delivered no mail to the sink');
    const messageFile = join(context.tmpDir, 'sample-mail.eml');
    writeFileSync(messageFile, sample);
    // In a process of its own, as the worker is: the sink runs in this one and must not share a thread with it.
    const raw = async (tag: string, count: number) => {
      const addresses = Array.from({ length: count }, (_, index) => `${tag}${index + 1}@bench.example.com`);
      const output = await new Promise<string>((resolve, reject) => {
        const child = spawn(process.execPath, [join(ROOT, 'bench/reference/mail-reference.mjs')], {
          env: {
            ...options.inheritedEnv,
            PORT: String(sink.port),
            CONNECTIONS: String(SMTP_CONNECTIONS),
            COUNT: String(count),
            TAG: tag,
            MESSAGE_FILE: messageFile,
          },
          stdio: ['ignore', 'pipe', 'inherit'],
        });
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
        child.on('error', reject);
        child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`mail reference exited ${code}`))));
      });
      const { seconds } = JSON.parse(output) as { seconds: number };
      return { seconds, addresses };
    };
    await raw(`rw${runId}-`, 50);

    const projectRates: number[] = [];
    const rawRates: number[] = [];
    const projectAddresses: string[] = [];
    const rawAddresses: string[] = [];
    // At most three rounds: 10,000 mails a side already average out most of the noise, and time is bounded.
    const rounds = Math.min(options.runs, 3);
    for (let run = 0; run < rounds; run += 1) {
      const worker = await project(`m${runId}-${run}-`, options.mails);
      projectRates.push(options.mails / worker.seconds);
      projectAddresses.push(...worker.addresses);
      const reference = await raw(`r${runId}-${run}-`, options.mails);
      rawRates.push(options.mails / reference.seconds);
      rawAddresses.push(...reference.addresses);
      // The whole benchmark must stay under 15 minutes: a slow drain gets fewer repetitions, and says so.
      if (worker.seconds + reference.seconds > 90 && run + 1 < rounds) {
        report.note(
          `mail: stopped after ${run + 1} alternating round(s): one round took ${(worker.seconds + reference.seconds).toFixed(0)} s`,
        );
        break;
      }
    }
    await sleep(2000); // a duplicate would arrive late: give it the chance to
    const tally = sink.tally(projectAddresses);
    const { rows } = await pool.query<{ unsent: number }>(
      `select count(*)::int as unsent from waitlist.outbox o join waitlist.entries e on e.id = o.entry_id
        where o.sent_at is null and e.email_normalized like $1`,
      [`m${runId}-%`],
    );
    const projectRate = median(projectRates);
    const rawRate = median(rawRates);
    const share = ratio(projectRate, rawRate);
    report.add({
      suite: 'mail',
      what: `raw pooled nodemailer, ${num(options.mails)} mails, ${SMTP_CONNECTIONS} connections`,
      value: `${num(rawRate)} mails/s`,
    });
    report.add({
      suite: 'mail',
      what: `worker drain of ${num(options.mails)} queued confirmations`,
      value: `${num(projectRate)} mails/s (runs: ${projectRates.map((rate) => num(rate)).join(', ')})`,
      reference: `${num(rawRate)} mails/s`,
      ratio: pct(share),
      goal: '≥ 85% of raw',
      met: share >= 0.85,
    });
    const exact = tally.missing === 0 && tally.duplicated === 0 && rows[0]?.unsent === 0;
    report.add({
      suite: 'mail',
      what: 'exactly once',
      value: `${num(tally.once)} once, ${tally.missing} missing, ${tally.duplicated} duplicated, ${rows[0]?.unsent ?? '?'} outbox rows unsent`,
      goal: 'every mail exactly once',
      met: exact,
    });
  } finally {
    await pool.end();
  }
}
