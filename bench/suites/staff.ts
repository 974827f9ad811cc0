import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import pg from 'pg';
import type { BenchContext } from '../lib/context.js';
import { rssOf, sampleRss } from '../lib/processes.js';
import { mb, ms, num, percentile, ratio, sleep } from '../lib/stats.js';

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

interface Timed {
  status: number;
  ms: number;
  firstByteMs: number;
  bytes: number;
  newlines: number;
}

function get(url: string, token: string): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(url, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
      let firstByteMs = Number.NaN;
      let bytes = 0;
      let newlines = 0;
      res.on('data', (chunk: Buffer) => {
        if (!bytes) firstByteMs = performance.now() - started;
        bytes += chunk.length;
        for (let index = chunk.indexOf(10); index !== -1; index = chunk.indexOf(10, index + 1)) newlines += 1;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, firstByteMs, bytes, newlines }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The statement the service's listEntries sends (services/waitlist/src/modules/admin/admin.repository.ts). */
function listSql(where: string[]): string {
  return `select id, email, status, referral_source as "referralSource", referral_code as "referralCode",
  created_at as "createdAt", confirmed_at as "confirmedAt", created_at::text as "cursorAt"
  from waitlist.entries ${where.length ? `where ${where.join(' and ')}` : ''}
  order by created_at desc, id desc limit 51`;
}

interface ListCase {
  name: string;
  query: string;
  sql: string;
  values: unknown[];
}

/** Fills waitlist.entries up to `total` rows in one statement: 35% confirmed, 5% unsubscribed, 10% referred, 90 days. */
async function generateEntries(pool: pg.Pool, total: number): Promise<void> {
  const { rows } = await pool.query<{ count: number }>('select count(*)::int as count from waitlist.entries');
  const missing = total - (rows[0]?.count ?? 0);
  if (missing <= 0) return;
  await pool.query(
    `insert into waitlist.entries (email, email_normalized, referral_source, referral_code, status, consent_at,
                                   confirmed_at, unsubscribed_at, created_at, updated_at)
     select 'u' || g || '@example.org', 'u' || g || '@example.org',
            case when g % 10 = 0 then (array['instagram', 'tiktok', 'friend', 'podcast', 'newsletter'])[1 + (g / 10) % 5] end,
            case when g % 20 < 7 then 'C' || g end,
            case when g % 20 < 7 then 'confirmed' when g % 20 = 19 then 'unsubscribed' else 'pending' end,
            ts, case when g % 20 < 7 then ts + interval '1 minute' end, case when g % 20 = 19 then ts + interval '2 minutes' end, ts, ts
       from (select g, now() - interval '90 days' + g * (interval '90 days' / $1::int) - interval '10 minutes' as ts
               from generate_series(1, $1::int) g) s`,
    [missing],
  );
  await pool.query('vacuum analyze waitlist.entries');
}

/**
 * (3) Staff screens with `options.entries` rows: list pages at the start, middle and end, searches and status
 * filters (p95 of sequential requests through the gateway, each against the same statement sent straight to
 * Postgres), EXPLAIN of each, the CSV export of every row (time to first byte, peak RSS of the waitlist API and the
 * gateway), and the dashboard/analytics figures.
 */
export async function staffSuite(context: BenchContext): Promise<void> {
  const { options, report, system, database } = context;
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  try {
    const generated = performance.now();
    await generateEntries(pool, options.entries);
    report.add({ suite: 'staff', what: `fill to ${num(options.entries)} entries (one INSERT ... SELECT generate_series, VACUUM ANALYZE)`, value: ms(performance.now() - generated) });
    // The worker rolls up closed days when it starts: restart it so the generated history is in daily_stats.
    await system.stop(['waitlist-worker']);
    await system.start(['waitlist-worker']);
    for (let waited = 0; waited < 60_000; waited += 250) {
      const { rows } = await pool.query<{ days: number }>('select count(*)::int as days from waitlist.daily_stats');
      if ((rows[0]?.days ?? 0) >= 80) break;
      await sleep(250);
    }
    const token = await system.staffToken();
    const total = (await pool.query<{ count: number }>('select count(*)::int as count from waitlist.entries')).rows[0]?.count ?? 0;

    const at = async (offset: number) =>
      (await pool.query<{ createdAt: string; id: string }>(
        'select created_at::text as "createdAt", id::text as id from waitlist.entries order by created_at desc, id desc offset $1 limit 1',
        [offset],
      )).rows[0]!;
    const cursorOf = (row: { createdAt: string; id: string }) => Buffer.from(JSON.stringify([row.createdAt, row.id])).toString('base64url');
    const middle = await at(Math.floor(total / 2));
    const last = await at(Math.max(0, total - 50));
    const selective = `u${Math.floor(options.entries * 0.777)}`;
    const cases: ListCase[] = [
      { name: 'first page', query: '', sql: listSql([]), values: [] },
      { name: 'middle page', query: `cursor=${cursorOf(middle)}`, sql: listSql(['(created_at, id) < ($1::timestamptz, $2::bigint)']), values: [middle.createdAt, middle.id] },
      { name: 'last page', query: `cursor=${cursorOf(last)}`, sql: listSql(['(created_at, id) < ($1::timestamptz, $2::bigint)']), values: [last.createdAt, last.id] },
      { name: `search "${selective}" (few matches)`, query: `q=${selective}`, sql: listSql(['email_normalized like $1']), values: [`%${selective}%`] },
      { name: 'search "example.org" (every row matches)', query: 'q=example.org', sql: listSql(['email_normalized like $1']), values: ['%example.org%'] },
      { name: 'search "nobody-here" (no match)', query: 'q=nobody-here', sql: listSql(['email_normalized like $1']), values: ['%nobody-here%'] },
      { name: 'status=unsubscribed', query: 'status=unsubscribed', sql: listSql(['status = $1']), values: ['unsubscribed'] },
      { name: 'status=confirmed, middle page', query: `status=confirmed&cursor=${cursorOf(middle)}`, sql: listSql(['status = $1', '(created_at, id) < ($2::timestamptz, $3::bigint)']), values: ['confirmed', middle.createdAt, middle.id] },
    ];
    const plans: string[] = [];
    for (const item of cases) {
      const url = `${system.url}/api/admin/waitlist/entries?limit=50${item.query ? `&${item.query}` : ''}`;
      const apiTimes: number[] = [];
      const sqlTimes: number[] = [];
      for (let sample = 0; sample < options.staffSamples; sample += 1) {
        const answer = await get(url, token);
        if (answer.status !== 200) throw new Error(`${item.name}: ${url} answered ${answer.status}`);
        apiTimes.push(answer.ms);
        const started = performance.now();
        await pool.query(item.sql, item.values);
        sqlTimes.push(performance.now() - started);
      }
      const p95 = percentile(apiTimes, 95);
      const sqlP95 = percentile(sqlTimes, 95);
      report.add({
        suite: 'staff',
        what: `Users list, ${item.name}`,
        value: `p95 ${ms(p95)} (p50 ${ms(percentile(apiTimes, 50))})`,
        reference: `SQL alone p95 ${ms(sqlP95)}`,
        ratio: `${ratio(p95, sqlP95).toFixed(1)}×`,
        goal: 'p95 < 30 ms',
        met: p95 < 30,
      });
      const plan = await pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers, costs off) ${item.sql}`, item.values);
      plans.push(`### ${item.name}\n\n\`\`\`\n${plan.rows.map((row) => row['QUERY PLAN']).join('\n')}\n\`\`\``);
    }
    report.section('EXPLAIN (ANALYZE, BUFFERS) of the Users list statements', plans.join('\n\n'));

    const today = new Date();
    const from = new Date(today.getTime() - 89 * 86_400_000);
    const day = (date: Date) => date.toISOString().slice(0, 10);
    for (const [name, path] of [
      ['dashboard figures (stats)', '/api/admin/waitlist/stats'],
      ['analytics, 90 days', `/api/admin/waitlist/analytics?from=${day(from)}&to=${day(today)}`],
    ] as const) {
      const times: number[] = [];
      for (let sample = 0; sample < options.staffSamples; sample += 1) {
        const answer = await get(`${system.url}${path}`, token);
        if (answer.status !== 200) throw new Error(`${name}: ${path} answered ${answer.status}`);
        times.push(answer.ms);
      }
      const p95 = percentile(times, 95);
      report.add({ suite: 'staff', what: name, value: `p95 ${ms(p95)} (p50 ${ms(percentile(times, 50))})`, goal: 'p95 < 50 ms', met: p95 < 50 });
    }

    await exportSuite(context, token, total);
  } finally {
    await pool.end();
  }
}

async function exportSuite(context: BenchContext, token: string, total: number): Promise<void> {
  const { report, system, database } = context;
  const waitlistPid = system.pid('waitlist');
  const gatewayPid = system.pid('gateway');
  await sleep(1000);
  const idleWaitlist = rssOf(waitlistPid);
  const idleGateway = rssOf(gatewayPid);
  const waitlistPeak = sampleRss(waitlistPid);
  const gatewayPeak = sampleRss(gatewayPid);
  const answer = await get(`${system.url}/api/admin/waitlist/entries.csv`, token);
  const peakWaitlist = waitlistPeak.stop();
  const peakGateway = gatewayPeak.stop();
  if (answer.status !== 200) throw new Error(`CSV export answered ${answer.status}`);

  // Reference: Postgres writing the same rows as CSV by itself (COPY), the floor of any export.
  const copyStarted = performance.now();
  const copied = await new Promise<boolean>((resolve) => {
    const psql = spawn('psql', [database.url, '-qAt', '-c', 'copy (select id, email, status, referral_source, referral_code, created_at, confirmed_at, unsubscribed_at from waitlist.entries order by created_at, id) to stdout with csv header'], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    psql.on('error', () => resolve(false)); // no psql on this machine: the export is reported without its floor
    psql.on('exit', (code) => resolve(code === 0));
  });
  const copySeconds = copied ? (performance.now() - copyStarted) / 1000 : Number.NaN;

  const rows = answer.newlines - 1;
  report.add({
    suite: 'staff',
    what: `CSV export of all ${num(total)} rows: time to first byte`,
    value: ms(answer.firstByteMs),
    goal: '< 1 s',
    met: answer.firstByteMs < 1000,
  });
  report.add({
    suite: 'staff',
    what: 'CSV export: total',
    value: `${(answer.ms / 1000).toFixed(1)} s, ${num(rows)} rows, ${mb(answer.bytes)}`,
    reference: copied ? `psql COPY ${copySeconds.toFixed(1)} s` : 'psql not available',
    ratio: `${(answer.ms / 1000 / copySeconds).toFixed(1)}×`,
    goal: `all ${num(total)} rows`,
    met: rows === total,
  });
  report.add({
    suite: 'staff',
    what: 'CSV export: peak RSS waitlist API / gateway',
    value: `${mb(peakWaitlist)} / ${mb(peakGateway)}`,
    reference: `idle ${mb(idleWaitlist)} / ${mb(idleGateway)}`,
    goal: 'flat (< +100 MB)',
    met: peakWaitlist - idleWaitlist < 100 * 1024 ** 2 && peakGateway - idleGateway < 100 * 1024 ** 2,
  });
}
