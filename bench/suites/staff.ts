import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import pg from 'pg';
import { listEntries } from '../../services/waitlist/src/modules/entries/entries.service.js';
import {
  listStatements,
  SEARCH_LIMITS,
  trigramIsCheap,
  type Statement,
} from '../../services/waitlist/src/modules/entries/entries.repository.js';
import { decodeListQuery, type ListEntriesQuery } from '../../services/waitlist/src/modules/entries/entries.schema.js';
import { listEntries as listEntriesCall } from '../../services/contracts/src/calls/staff-waitlist.js';
import {
  perDay,
  recentActivity,
  topReferralSources,
  totals,
} from '../../services/waitlist/src/modules/analytics/stats.repository.js';
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
  /** The body, when asked for (not for the CSV export: 76 MB). */
  body: string;
}

function get(url: string, token: string, keepBody = false): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(url, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
      let firstByteMs = Number.NaN;
      let bytes = 0;
      let newlines = 0;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => {
        if (!bytes) firstByteMs = performance.now() - started;
        bytes += chunk.length;
        if (keepBody) chunks.push(chunk);
        for (let index = chunk.indexOf(10); index !== -1; index = chunk.indexOf(10, index + 1)) newlines += 1;
      });
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          ms: performance.now() - started,
          firstByteMs,
          bytes,
          newlines,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

interface ListCase {
  name: string;
  /** The query string the panel sends (limit=50 is added). */
  query: string;
  goal: { label: string; ms: number };
}

const LIST_GOAL = { label: 'p95 < 30 ms', ms: 30 };

/** Sign-ups "today" the dashboard and the searches are measured with, whichever suites ran before this one. */
const LAUNCH_DAY_ENTRIES = 250_000;

/**
 * Fills waitlist.entries up to `total` rows, so the figures do not depend on which suites ran before (alone, this
 * suite used to find today almost empty and every address at example.org; after the sign-up suite, 260,000 of today's
 * rows at another domain): a launch-day burst in today's last hour (at launch.example.net, up to LAUNCH_DAY_ENTRIES
 * sign-ups today, 10 % referred, 10 % confirmed) and, before it, a 90-day history (uN@example.org; 35 % confirmed, 5 %
 * unsubscribed, 10 % referred). So "example.org" is a broad term only older rows contain.
 */
export async function generateEntries(pool: pg.Pool, total: number): Promise<void> {
  const { rows } = await pool.query<{ count: number; today: number; windowStart: Date }>(
    `select count(*)::int as count,
            count(*) filter (where created_at >= ((now() at time zone 'UTC')::date)::timestamp at time zone 'UTC')::int as today,
            greatest(((now() at time zone 'UTC')::date)::timestamp at time zone 'UTC', now() - interval '1 hour') as "windowStart"
       from waitlist.entries`,
  );
  const { count = 0, today = 0, windowStart = new Date() } = rows[0] ?? {};
  const missing = total - count;
  if (missing <= 0) return;
  const launch = Math.min(missing, Math.max(0, LAUNCH_DAY_ENTRIES - today));
  const history = missing - launch;
  if (history > 0) {
    await pool.query(
      `insert into waitlist.entries (email, email_normalized, referral_source, referral_code, status, consent_at,
                                   confirmed_at, unsubscribed_at, created_at, updated_at)
     select 'u' || g || '@example.org', 'u' || g || '@example.org',
            case when g % 10 = 0 then (array['instagram', 'tiktok', 'friend', 'podcast', 'newsletter'])[1 + (g / 10) % 5] end,
            case when g % 20 < 7 then 'C' || g end,
            case when g % 20 < 7 then 'confirmed' when g % 20 = 19 then 'unsubscribed' else 'pending' end,
            ts, case when g % 20 < 7 then ts + interval '1 minute' end, case when g % 20 = 19 then ts + interval '2 minutes' end, ts, ts
       from (select g, $2::timestamptz - interval '90 days' + g * (interval '90 days' / $1::int) - interval '1 minute' as ts
               from generate_series(1, $1::int) g) s`,
      [history, windowStart],
    );
  }
  if (launch > 0) {
    await pool.query(
      `insert into waitlist.entries (email, email_normalized, referral_source, referral_code, status, consent_at,
                                     confirmed_at, created_at, updated_at)
       select 'l' || g || '@launch.example.net', 'l' || g || '@launch.example.net',
              case when g % 10 = 3 then 'launch-post' end,
              case when g % 10 = 0 then 'L' || g end,
              case when g % 10 = 0 then 'confirmed' else 'pending' end,
              ts, case when g % 10 = 0 then ts end, ts, ts
         from (select g, $2::timestamptz + (now() - $2::timestamptz) * (g::float8 / $1::int) as ts
                 from generate_series(1, $1::int) g) s`,
      [launch, windowStart],
    );
  }
  await pool.query('vacuum analyze waitlist.entries');
}

/** Milliseconds one call takes. */
async function timeOf(call: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await call();
  return performance.now() - started;
}

/** EXPLAIN (ANALYZE, BUFFERS) of the statements the service sends for one page of the list, path by path. */
async function explainList(pool: pg.Pool, query: ListEntriesQuery): Promise<string> {
  const statements = listStatements(query);
  const explain = async (label: string, statement: Statement) => {
    const plan = await pool.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers, costs off) ${statement.text}`,
      statement.values,
    );
    return `${label}\n\n\`\`\`\n${plan.rows.map((row) => row['QUERY PLAN']).join('\n')}\n\`\`\``;
  };
  if (!statements.term) return explain('keyset page', statements.plain);
  const parts: string[] = [];
  const page = await listEntries(pool, query);
  if (await trigramIsCheap(pool, statements.term, SEARCH_LIMITS)) {
    parts.push(
      await explain(
        `trigram path (the planner expects at most ${num(SEARCH_LIMITS.trigramMaxMatches)} matches; time limit ${SEARCH_LIMITS.trigramTimeoutMs} ms, then the bounded scan)`,
        statements.trigram,
      ),
    );
    // The trigram path never stops early: a page that does came from the bounded scan after it ran over its time.
    if (!page.searchedThrough) return parts.join('\n\n');
    parts[0] += `\n\nOver its ${SEARCH_LIMITS.trigramTimeoutMs} ms in the service (shown here without the limit): cancelled, and the bounded scan answers.`;
  }
  parts.push(await explain(`bounded scan (at most ${num(SEARCH_LIMITS.scanRows)} entries)`, statements.scan));
  if (page.searchedThrough) {
    parts.push(
      await explain('where the scan stopped (asked for only when it found less than a page)', statements.scanEnd),
    );
  }
  return parts.join('\n\n');
}

/**
 * (3) Staff screens with `options.entries` rows: list pages at the start, middle and end, searches and status
 * filters (p95 of sequential requests through the gateway, each against the service's own repository call sent
 * straight to Postgres: the same statements, round trips included), EXPLAIN of each, the CSV export of every row (time
 * to first byte, peak RSS of the waitlist API and the gateway), and the dashboard/analytics figures (again against the
 * repository calls alone).
 */
export async function staffSuite(context: BenchContext): Promise<void> {
  const { options, report, system, database } = context;
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  try {
    const generated = performance.now();
    await generateEntries(pool, options.entries);
    report.add({
      suite: 'staff',
      what: `fill to ${num(options.entries)} entries (INSERT ... SELECT generate_series, VACUUM ANALYZE)`,
      value: ms(performance.now() - generated),
    });
    // The worker rolls up closed days and the open day's minutes when it starts: restart it so the generated history
    // and today's burst are in daily_stats / minute_stats.
    await system.stop(['waitlist-worker']);
    await system.start(['waitlist-worker']);
    for (let waited = 0; waited < 60_000; waited += 250) {
      const { rows } = await pool.query<{ days: number; minutesBehind: number | null }>(
        `select (select count(*)::int from waitlist.daily_stats) as days,
                extract(epoch from now() - (select max(minute) from waitlist.minute_stats))::int as "minutesBehind"`,
      );
      if ((rows[0]?.days ?? 0) >= 80 && (rows[0]?.minutesBehind ?? Infinity) < 180) break;
      await sleep(250);
    }
    const token = await system.staffToken();
    const { rows: counts } = await pool.query<{ total: number; today: number }>(
      `select count(*)::int as total,
              count(*) filter (where created_at >= ((now() at time zone 'UTC')::date)::timestamp at time zone 'UTC')::int as today
         from waitlist.entries`,
    );
    const { total = 0, today: todayCount = 0 } = counts[0] ?? {};
    report.add({
      suite: 'staff',
      what: 'entries in all / signed up today (UTC)',
      value: `${num(total)} / ${num(todayCount)}`,
    });

    const at = async (offset: number) =>
      (
        await pool.query<{ createdAt: string; id: string }>(
          'select created_at::text as "createdAt", id::text as id from waitlist.entries order by created_at desc, id desc offset $1 limit 1',
          [offset],
        )
      ).rows[0]!;
    const cursorOf = (row: { createdAt: string; id: string }) =>
      Buffer.from(JSON.stringify([row.createdAt, row.id])).toString('base64url');
    const middle = await at(Math.floor(total / 2));
    const last = await at(Math.max(0, total - 50));
    // One address of the history, 30 days back: far beyond the bounded scan, so only the trigram path finds it.
    const old =
      (
        await pool.query<{ term: string }>(
          `select split_part(email_normalized, '@', 1) || '@' as term from waitlist.entries
        where created_at < now() - interval '30 days' and email_normalized like 'u%@example.org'
        order by created_at desc, id desc limit 1`,
        )
      ).rows[0]?.term ?? 'u1@';
    const cases: ListCase[] = [
      { name: 'first page', query: '', goal: LIST_GOAL },
      { name: 'middle page', query: `cursor=${cursorOf(middle)}`, goal: LIST_GOAL },
      { name: 'last page', query: `cursor=${cursorOf(last)}`, goal: LIST_GOAL },
      { name: `search "${old}" (one old address)`, query: `q=${encodeURIComponent(old)}`, goal: LIST_GOAL },
      { name: 'search "example.org" (broad, only rows older than today\'s)', query: 'q=example.org', goal: LIST_GOAL },
      { name: 'search "example" (every row)', query: 'q=example', goal: LIST_GOAL },
      { name: 'search "nobody-here" (no match)', query: 'q=nobody-here', goal: LIST_GOAL },
      { name: 'search "example.org", status=confirmed', query: 'q=example.org&status=confirmed', goal: LIST_GOAL },
      { name: 'status=unsubscribed', query: 'status=unsubscribed', goal: LIST_GOAL },
      { name: 'status=confirmed, middle page', query: `status=confirmed&cursor=${cursorOf(middle)}`, goal: LIST_GOAL },
      // The worst case by construction: every trigram common, the whole term in no row. The statistics call it rare,
      // the trigram lookup runs into its time limit, and the bounded scan answers.
      {
        name: 'search "org.exam" (worst case: rare term of common trigrams)',
        query: 'q=org.exam',
        goal: { label: 'bounded: p95 < 100 ms', ms: 100 },
      },
    ];
    const plans: string[] = [];
    for (const item of cases) {
      const url = `${system.url}/api/admin/waitlist/entries?limit=50${item.query ? `&${item.query}` : ''}`;
      const query = decodeListQuery(
        listEntriesCall.query.schema.parse({ limit: '50', ...Object.fromEntries(new URLSearchParams(item.query)) }),
      );
      const apiTimes: number[] = [];
      const sqlTimes: number[] = [];
      let answer: { items: unknown[]; searchedThrough: string | null } | undefined;
      for (let sample = 0; sample < options.staffSamples; sample += 1) {
        const response = await get(url, token, answer === undefined);
        if (response.status !== 200) throw new Error(`${item.name}: ${url} answered ${response.status}`);
        apiTimes.push(response.ms);
        answer ??= JSON.parse(response.body) as typeof answer;
        sqlTimes.push(await timeOf(() => listEntries(pool, query)));
      }
      const p95 = percentile(apiTimes, 95);
      const sqlP95 = percentile(sqlTimes, 95);
      const found = answer
        ? `${answer.items.length} rows${answer.searchedThrough ? `, stopped after ${num(SEARCH_LIMITS.scanRows)} entries` : ''}`
        : '';
      report.add({
        suite: 'staff',
        what: `Users list, ${item.name} → ${found}`,
        value: `p95 ${ms(p95)} (p50 ${ms(percentile(apiTimes, 50))})`,
        reference: `repository call alone p95 ${ms(sqlP95)}`,
        ratio: `${ratio(p95, sqlP95).toFixed(1)}×`,
        goal: item.goal.label,
        met: p95 < item.goal.ms,
      });
      plans.push(`### ${item.name}\n\n${await explainList(pool, query)}`);
    }
    report.section('EXPLAIN (ANALYZE, BUFFERS) of the Users list statements', plans.join('\n\n'));

    const now = new Date();
    const from = new Date(now.getTime() - 89 * 86_400_000);
    const day = (date: Date) => date.toISOString().slice(0, 10);
    const figures = [
      [
        'dashboard figures (stats)',
        '/api/admin/waitlist/stats',
        () => Promise.all([totals(pool), recentActivity(pool)]),
      ],
      [
        'analytics, 90 days',
        `/api/admin/waitlist/analytics?from=${day(from)}&to=${day(now)}`,
        () => Promise.all([perDay(pool, day(from), day(now)), topReferralSources(pool, day(from), day(now))]),
      ],
    ] as const;
    for (const [name, path, repository] of figures) {
      const times: number[] = [];
      const sqlTimes: number[] = [];
      for (let sample = 0; sample < options.staffSamples; sample += 1) {
        const answer = await get(`${system.url}${path}`, token);
        if (answer.status !== 200) throw new Error(`${name}: ${path} answered ${answer.status}`);
        times.push(answer.ms);
        sqlTimes.push(await timeOf(repository));
      }
      const p95 = percentile(times, 95);
      const sqlP95 = percentile(sqlTimes, 95);
      report.add({
        suite: 'staff',
        what: name,
        value: `p95 ${ms(p95)} (p50 ${ms(percentile(times, 50))})`,
        reference: `repository calls alone p95 ${ms(sqlP95)}`,
        ratio: `${ratio(p95, sqlP95).toFixed(1)}×`,
        goal: 'p95 < 50 ms',
        met: p95 < 50,
      });
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
    const psql = spawn(
      'psql',
      [
        database.url,
        '-qAt',
        '-c',
        'copy (select id, email, status, referral_source, referral_code, created_at, confirmed_at, unsubscribed_at from waitlist.entries order by created_at, id) to stdout with csv header',
      ],
      {
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
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
