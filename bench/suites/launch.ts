import pg from 'pg';
import { issueToken } from '../../services/waitlist/src/lib/tokens.js';
import {
  applyBatchStatement,
  pickStatement,
} from '../../services/waitlist/src/modules/invitations/invitations.repository.js';
import { WAVE_BATCH } from '../../services/waitlist/src/modules/invitations/invitations.service.js';
import { findByToken, STATUS_BY_TOKEN } from '../../services/waitlist/src/modules/places/places.repository.js';
import { bucketsOffTheLine } from '../../services/waitlist/src/testing/waitlist-factories.js';
import type { BenchContext } from '../lib/context.js';
import { timedCall as call } from '../lib/timed-call.js';
import type { CountingSmtpSink } from '../lib/smtp-counter.js';
import { median, ms, num, percentile, ratio, sleep } from '../lib/stats.js';
import { generateEntries } from './staff.js';

/** The issue's figures: a place read at p95 ≤ 20 ms, a wave of 10,000 accepted in under a second. */
const PLACE_GOAL_MS = 20;
const WAVE_GOAL_MS = 1000;
const WAVES = 3;
/** How long the first wave's mails may take to drain before the suite reports what arrived. */
const DRAIN_LIMIT_MS = 600_000;
/** Place reads are sampled at this many ranks spread evenly through the line, from first to last. */
const RANKS = 200;

/**
 * Puts every confirmed entry that has no place yet into the line, in confirmation order, as confirmations would
 * have (queue number, key, canonical address), with one holder in 50 credited 1–5 times, each in a city (half of
 * them the first of BENCH_CITIES, the rest spread over the others, as the status page's city choice would leave
 * them), and counts the place buckets and the cities once. One transaction, the triggers standing aside: the
 * city-count trigger, fired for each of 290,000 rows in one transaction, would update one count row 145,000 times
 * (each update walking the row's chain of versions made earlier in the same transaction: quadratic), so the counts are
 * made as migration 021's backfill makes them.
 */
export async function fillLine(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query(`select set_config('waitlist.bulk_buckets', 'on', true)`);
    await client.query(
      `insert into waitlist.cities (name, sort)
       select 'Bench city ' || lpad(g::text, 2, '0'), g from generate_series(1, $1::int) g
       on conflict do nothing`,
      [BENCH_CITIES],
    );
    await client.query(`set local session_replication_role = replica`);
    await client.query(
      `with base as (select coalesce(max(queue_seq), 0) as top from waitlist.entries),
            ordered as (
              select id, (select top from base) + row_number() over (order by confirmed_at, id) as seq
                from waitlist.entries where status = 'confirmed' and queue_seq is null
            ),
            credited as (
              select id, seq, case when seq % 50 = 0 then 1 + ((seq / 50) % 5)::int else 0 end as credits from ordered
            ),
            cities as (select array_agg(id order by sort) as ids from waitlist.cities where name like 'Bench city %')
       update waitlist.entries e
          set queue_seq = c.seq, credits = c.credits,
              place_key = waitlist.place_key(c.seq, c.credits, (select boost from waitlist.place_rule)),
              email_canonical = waitlist.canonical_email(e.email_normalized),
              city_id = case when c.seq % 2 = 0 then k.ids[1]
                             else k.ids[2 + (c.seq / 2) % (array_length(k.ids, 1) - 1)] end
         from credited c, cities k where e.id = c.id`,
    );
    await client.query(`set local session_replication_role = origin`);
    await client.query('delete from waitlist.city_counts');
    await client.query(
      `insert into waitlist.city_counts (city_id, confirmed)
       select city_id, count(*) from waitlist.entries
        where city_id is not null and status in ('confirmed', 'invited', 'admitted')
          and review_state is distinct from 'rejected'
        group by city_id`,
    );
    await client.query(
      `select setval('waitlist.queue_seq', greatest((select max(queue_seq) from waitlist.entries), 1))`,
    );
    await client.query('delete from waitlist.place_buckets');
    await client.query(
      `insert into waitlist.place_buckets (bucket, holders)
       select waitlist.place_bucket(place_key), count(*) from waitlist.entries
        where status = 'confirmed' and review_state is distinct from 'rejected' and place_key is not null
        group by 1`,
    );
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
  await pool.query('vacuum analyze waitlist.entries');
  await pool.query('vacuum analyze waitlist.place_buckets');
}

/** Cities of the bench line: the first holds half the line, the others share the rest. */
export const BENCH_CITIES = 20;

interface Sample {
  raw: string;
  hash: Buffer;
  rank: number;
}

/** A confirmation link for each of RANKS holders spread evenly through the line. */
async function sampleLinks(pool: pg.Pool, holders: number): Promise<Sample[]> {
  const step = Math.max(1, Math.floor(holders / RANKS));
  const { rows } = await pool.query<{ id: string; rank: number }>(
    `select id, rank from (
       select id, row_number() over (order by place_key, queue_seq)::int as rank from waitlist.entries
        where status = 'confirmed' and review_state is distinct from 'rejected' and place_key is not null
     ) line where rank % $1 = 0 or rank = 1 or rank = $2`,
    [step, holders],
  );
  const samples = rows.map((row) => ({ ...issueToken(), rank: row.rank, id: row.id }));
  await pool.query(
    `insert into waitlist.tokens (token_hash, entry_id, purpose, expires_at)
     select unnest($1::bytea[]), unnest($2::bigint[]), 'confirm', now() + interval '1 day'`,
    [samples.map((sample) => sample.hash), samples.map((sample) => sample.id)],
  );
  return samples.sort((a, b) => a.rank - b.rank);
}

async function explainPlace(pool: pg.Pool, sample: Sample): Promise<string> {
  const plan = await pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers, costs off) ${STATUS_BY_TOKEN}`, [
    sample.hash,
  ]);
  return `\`\`\`\n${plan.rows.map((row) => row['QUERY PLAN']).join('\n')}\n\`\`\``;
}

/** A wave row for statements run in a transaction that is rolled back. */
async function benchWave(client: pg.PoolClient, count: number): Promise<string> {
  const wave = await client.query<{ id: string }>(
    `insert into waitlist.invitation_waves (created_by_sub, requested) values ('bench', $1) returning id`,
    [count],
  );
  await client.query(`select set_config('waitlist.bulk_buckets', 'on', true)`);
  return wave.rows[0]!.id;
}

/**
 * The whole wave in one transaction, as the staff call ran it before the worker took over all but the first batch:
 * the same pick, then every pick invited and mailed by one statement. Rolled back (nobody is invited).
 */
async function wholeWaveAtOnce(pool: pg.Pool, count: number): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const started = performance.now();
    const waveId = await benchWave(client, count);
    await client.query(pickStatement(count, null, waveId));
    await client.query(applyBatchStatement(waveId, count, 'bench'));
    return performance.now() - started;
  } finally {
    await client.query('rollback');
    client.release();
  }
}

/** EXPLAIN (ANALYZE, BUFFERS) of the staff call's two statements (the pick, the first batch), rolled back. */
async function explainWave(pool: pg.Pool, count: number): Promise<string> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const waveId = await benchWave(client, count);
    const explain = async (statement: { text: string; values: unknown[] }) => {
      const plan = await client.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers, costs off) ${statement.text}`,
        statement.values,
      );
      return `\`\`\`\n${plan.rows.map((row) => row['QUERY PLAN']).join('\n')}\n\`\`\``;
    };
    return [
      `#### The pick of ${num(count)}`,
      '',
      await explain(pickStatement(count, null, waveId)),
      '',
      `#### The first batch of ${num(WAVE_BATCH)}`,
      '',
      await explain(applyBatchStatement(waveId, WAVE_BATCH, 'bench')),
    ].join('\n');
  } finally {
    await client.query('rollback');
    client.release();
  }
}

/** Waits until the worker has invited every pick of every accepted wave; resolves to the seconds it took. */
async function picksApplied(pool: pg.Pool, limitMs: number): Promise<number> {
  const started = performance.now();
  for (;;) {
    const { rows } = await pool.query<{ left: number }>('select count(*)::int as left from waitlist.wave_picks');
    if (rows[0]?.left === 0) return (performance.now() - started) / 1000;
    if (performance.now() - started > limitMs) throw new Error(`${rows[0]?.left} picks still not invited`);
    await sleep(100);
  }
}

/**
 * (5) Launch at `options.entries` entries: the place read behind the confirmation link (p95 through the gateway, and
 * the repository call alone, at ranks spread through the line; EXPLAIN of the deepest), invitation waves of 10,000
 * through the staff API (202 in under a second, against the per-row-trigger statement it replaced), and the waves'
 * mails drained by the worker, each exactly once.
 */
export async function launchSuite(context: BenchContext, sink: CountingSmtpSink): Promise<void> {
  const { options, report, system, database } = context;
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  const waveSize = options.quick ? 2_000 : 10_000;
  try {
    await system.stop(['waitlist-worker']);
    const filled = performance.now();
    await generateEntries(pool, options.entries);
    await fillLine(pool);
    const { rows: counts } = await pool.query<{ total: number; holders: number; buckets: number }>(
      `select (select count(*)::int from waitlist.entries) as total,
              (select count(*)::int from waitlist.entries
                where status = 'confirmed' and review_state is distinct from 'rejected' and place_key is not null) as holders,
              (select count(*)::int from waitlist.place_buckets) as buckets`,
    );
    const { total = 0, holders = 0, buckets = 0 } = counts[0] ?? {};
    report.add({
      suite: 'launch',
      what: `line at ${num(total)} entries: holders of a place / place buckets (filled in one statement, VACUUM ANALYZE)`,
      value: `${num(holders)} / ${num(buckets)} (${ms(performance.now() - filled)})`,
    });

    const samples = await sampleLinks(pool, holders);
    const httpTimes: number[] = [];
    const sqlTimes: number[] = [];
    for (let index = 0; index < options.staffSamples; index += 1) {
      const sample = samples[index % samples.length]!;
      const answer = await call(`${system.url}/waitlist/status?token=${sample.raw}`);
      if (answer.status !== 200) throw new Error(`GET /waitlist/status answered ${answer.status}: ${answer.body}`);
      if (index < samples.length) {
        const position = (JSON.parse(answer.body) as { data: { position: number } }).data.position;
        if (position !== sample.rank) throw new Error(`place ${position} read for the holder at rank ${sample.rank}`);
      }
      httpTimes.push(answer.ms);
      const started = performance.now();
      await findByToken(pool, sample.hash);
      sqlTimes.push(performance.now() - started);
    }
    const p95 = percentile(httpTimes, 95);
    const sqlP95 = percentile(sqlTimes, 95);
    report.add({
      suite: 'launch',
      what: `place read: GET /waitlist/status via gateway, ${samples.length} holders from #1 to #${num(holders)}`,
      value: `p95 ${ms(p95)} (p50 ${ms(percentile(httpTimes, 50))})`,
      reference: `repository call alone p95 ${ms(sqlP95)}`,
      ratio: `${ratio(p95, sqlP95).toFixed(1)}×`,
      goal: `p95 ≤ ${PLACE_GOAL_MS} ms`,
      met: p95 <= PLACE_GOAL_MS,
    });
    report.section(
      'EXPLAIN (ANALYZE, BUFFERS) of the place read',
      [
        `The status page's statement (places.repository.ts, STATUS_BY_TOKEN) for the last of ${num(holders)} holders,`,
        `then for the one in the middle: holders of the lower buckets summed from place_buckets, then the holders ahead`,
        `in the person's own bucket counted on entries_place_idx.`,
        '',
        `#### #${num(samples.at(-1)!.rank)} (last)`,
        '',
        await explainPlace(pool, samples.at(-1)!),
        '',
        `#### #${num(samples[Math.floor(samples.length / 2)]!.rank)} (middle)`,
        '',
        await explainPlace(pool, samples[Math.floor(samples.length / 2)]!),
      ].join('\n'),
    );

    // Only the wave's mails are measured: rows left unsent by earlier suites are synthetic.
    await pool.query(
      `update waitlist.outbox set relayed_at = coalesce(relayed_at, now()), sent_at = coalesce(sent_at, now())
        where sent_at is null`,
    );
    const token = await system.staffToken();
    const sendWave = async (number: number) => {
      const answer = await call(`${system.url}/api/admin/waitlist/invitations`, {
        method: 'POST',
        token,
        body: { count: waveSize },
      });
      const invited = answer.status === 202 ? (JSON.parse(answer.body) as { invited: number }).invited : -1;
      if (invited !== waveSize) throw new Error(`wave ${number} answered ${answer.status}: ${answer.body}`);
      return answer.ms;
    };

    // The first wave is mailed: the worker invites the rest of it and drains its outbox rows from the moment it starts.
    const waveTimes = [await sendWave(1)];
    const drainStarted = performance.now();
    await system.start(['waitlist-worker'], { SMTP_POOL_SIZE: '5' });
    const firstApplied = await picksApplied(pool, DRAIN_LIMIT_MS);
    const { rows: invitedRows } = await pool.query<{ email: string }>(
      `select email_normalized as email from waitlist.entries where wave_id is not null`,
    );
    const addresses = invitedRows.map((row) => row.email);
    const deadline = Date.now() + DRAIN_LIMIT_MS;
    while (Date.now() < deadline && !addresses.every((address) => sink.perRecipient.has(address))) await sleep(100);
    const drainSeconds = (performance.now() - drainStarted) / 1000;
    await sleep(2000); // a duplicate would arrive late: give it the chance to
    const tally = sink.tally(addresses);
    const { rows: unsent } = await pool.query<{ unsent: number }>(
      `select count(*)::int as unsent from waitlist.outbox where kind = 'invitation' and sent_at is null`,
    );
    await system.stop(['waitlist-worker']);

    // More waves, timed only, with the worker stopped: each picks past the ones before it that are still waiting for
    // the worker. Then the worker invites all they left (their mails stay in the outbox: the drain above is the mail
    // measurement).
    for (let wave = 2; wave <= WAVES; wave += 1) waveTimes.push(await sendWave(wave));
    await system.start(['waitlist-worker']);
    const restApplied = await picksApplied(pool, DRAIN_LIMIT_MS);
    await system.stop(['waitlist-worker']);
    const reference = await wholeWaveAtOnce(pool, waveSize);
    const waveMedian = median(waveTimes);
    report.add({
      suite: 'launch',
      what: `invitation wave of ${num(waveSize)}: POST /api/admin/waitlist/invitations via gateway → 202 (${WAVES} waves, best places first; the call picks all and invites the first ${num(WAVE_BATCH)})`,
      value: `${waveTimes.map((time) => ms(time)).join(' / ')}`,
      reference: `the whole wave in one transaction (pick, invite, mail all), rolled back: ${ms(reference)}`,
      ratio: `${ratio(waveMedian, reference).toFixed(2)}×`,
      goal: `< ${num(WAVE_GOAL_MS)} ms each`,
      met: waveTimes.every((time) => time < WAVE_GOAL_MS),
    });
    report.add({
      suite: 'launch',
      what: `the rest of the waves invited by the worker, ${num(WAVE_BATCH)} a transaction`,
      value: `wave 1: ${num(waveSize - WAVE_BATCH)} in ${firstApplied.toFixed(1)} s (worker start included); waves 2-${WAVES}: ${num((WAVES - 1) * (waveSize - WAVE_BATCH))} in ${restApplied.toFixed(1)} s`,
    });
    report.section(
      `EXPLAIN (ANALYZE, BUFFERS) of an invitation wave of ${num(waveSize)}`,
      [
        `The staff call's statements (invitations.repository.ts, pickStatement and applyBatchStatement) with the bucket`,
        `trigger set aside, after the ${WAVES} waves above, in a transaction rolled back. "Trigger for constraint" lines`,
        `are the foreign-key checks of entries.wave_id and outbox.entry_id, one per row.`,
        '',
        await explainWave(pool, waveSize),
      ].join('\n'),
    );
    const bucketsOff = (await bucketsOffTheLine(pool)).length;
    const last = await call(`${system.url}/waitlist/status?token=${samples.at(-1)!.raw}`);
    const lastPlace = (JSON.parse(last.body) as { data: { position: number | null } }).data.position;
    const expected = samples.at(-1)!.rank - WAVES * waveSize;
    report.add({
      suite: 'launch',
      what: `after the waves: buckets against a recount; the last holder's place`,
      value: `${bucketsOff} buckets off; #${num(lastPlace ?? 0)}`,
      goal: `0 off; #${num(expected)}`,
      met: bucketsOff === 0 && lastPlace === expected,
    });

    const delivered = tally.once + tally.duplicated;
    report.add({
      suite: 'launch',
      what: `worker drain of the first wave's ${num(addresses.length)} invitation mails (worker start included)`,
      value: `${num(delivered / drainSeconds)} mails/s (${num(delivered)} in ${drainSeconds.toFixed(0)} s)`,
      goal: `all within ${DRAIN_LIMIT_MS / 60_000} min`,
      met: delivered === addresses.length,
    });
    report.add({
      suite: 'launch',
      what: 'invitations exactly once',
      value: `${num(tally.once)} once, ${tally.missing} missing, ${tally.duplicated} duplicated, ${unsent[0]?.unsent ?? '?'} outbox rows unsent`,
      goal: 'every invitation exactly once',
      met: tally.missing === 0 && tally.duplicated === 0 && unsent[0]?.unsent === 0,
    });
  } finally {
    await pool.end();
  }
}
