import { createHmac, randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:https';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { BALANCE_GROUPS, BALANCE_TOLERANCE_POINTS, type BalanceTarget } from '@mmdm/contracts/launch-admin';
import { createLogger } from '@mmdm/shared/logger';
import { createMetricsRegistry } from '@mmdm/shared/metrics';
import { createAuditService } from '../../services/waitlist/src/modules/audit/audit.service.js';
import { createBalanceSeal } from '../../services/waitlist/src/modules/balance/balance-seal.js';
import { createInvitationsMetrics } from '../../services/waitlist/src/modules/invitations/invitations.metrics.js';
import {
  applyPendingWaves,
  createInvitationsService,
} from '../../services/waitlist/src/modules/invitations/invitations.service.js';
import {
  lineByPlace,
  lineStatement,
  ticketHoldersStatement,
} from '../../services/waitlist/src/modules/balance/balance.repository.js';
import { DRAFT_PAGE } from '../../services/waitlist/src/modules/balance/balance.service.js';
import { citiesDue } from '../../services/waitlist/src/modules/places/city-opening.repository.js';
import { createCityOpeningService } from '../../services/waitlist/src/modules/places/city-opening.service.js';
import type { BenchContext } from '../lib/context.js';
import { timedCall as call } from '../lib/timed-call.js';
import { ms, num, percentile, sleep } from '../lib/stats.js';
import { fillLine } from './launch.js';
import { generateEntries } from './staff.js';

/** The issue's wave budget: the staff call (the preview, the send of a wave of 10,000) answers within a second. */
const WAVE_GOAL_MS = 1000;
/** One holder in this many still in line gave balance data; of those, in 20: 15 women, 4 men, 1 non-binary. */
const DECLARED_ONE_IN = 3;
/** The target of the balanced waves: the data are four women to one man, the wave is even. */
const TARGET: BalanceTarget = { woman: 48, man: 48, nonbinary: 4 };
/** Friends holding a used ticket, all in the second city: the balanced wave must take them first. */
const TICKET_HOLDERS = 40;
const WEBHOOK_EVENTS = 10_000;
const WEBHOOK_LIMIT_MS = 600_000;

type Group = 'woman' | 'man' | 'nonbinary';

function groupOf(index: number): Group {
  const slot = index % 20;
  return slot < 15 ? 'woman' : slot < 19 ? 'man' : 'nonbinary';
}

/**
 * Balance data for one holder in DECLARED_ONE_IN still in line, sealed with the service's key exactly as the status
 * page's PUT seals it; resolves to who said what (the bench's own record, to check the waves against).
 */
async function seedBalance(pool: pg.Pool): Promise<Map<string, Group>> {
  const { rows: keys } = await pool.query<{ secret: string }>(
    `select secret from waitlist.service_keys where name = 'balance'`,
  );
  if (!keys[0]) throw new Error('the waitlist service has not generated its balance key');
  const box = createBalanceSeal(keys[0].secret);
  const { rows } = await pool.query<{ id: string }>(
    `select e.id::text as id from waitlist.entries e
      where e.status = 'confirmed' and e.place_key is not null and e.id % $1 = 0
        and not exists (select 1 from waitlist.entry_balance b where b.entry_id = e.id)
      order by e.id`,
    [DECLARED_ONE_IN],
  );
  const said = new Map<string, Group>();
  const ids: string[] = [];
  const sealed: string[] = [];
  rows.forEach((row, index) => {
    const identity = groupOf(index);
    said.set(row.id, identity);
    ids.push(row.id);
    sealed.push(box.seal(row.id, { identity, seeking: identity === 'man' ? 'women' : 'men' }));
  });
  await pool.query(
    `insert into waitlist.entry_balance (entry_id, sealed) select unnest($1::bigint[]), unnest($2::text[])`,
    [ids, sealed],
  );
  await pool.query('vacuum analyze waitlist.entry_balance');
  return said;
}

/** TICKET_HOLDERS friends deep in the line of the second city use a ticket of a member (who need not be admitted here). */
async function seedTickets(pool: pg.Pool): Promise<Set<string>> {
  const { rows } = await pool.query<{ id: string }>(
    `select e.id::text as id from waitlist.entries e
      where e.status = 'confirmed' and e.place_key is not null
        and e.city_id = (select id from waitlist.cities where name = 'Bench city 02')
      order by e.place_key desc, e.queue_seq desc limit $1`,
    [TICKET_HOLDERS],
  );
  const friends = rows.map((row) => row.id);
  await pool.query(
    `insert into waitlist.tickets (owner_id, slot, code_hash, used_by, used_at)
     select o.id, 1, ($2::bytea[])[f.n], f.id, now()
       from unnest($1::bigint[]) with ordinality f(id, n)
       join lateral (select id from waitlist.entries where status = 'pending' order by id offset f.n limit 1) o on true`,
    [friends, friends.map(() => randomBytes(32))],
  );
  return new Set(friends);
}

interface WaveCheck {
  size: number;
  tickets: number;
  ticketsWaiting: number;
  counts: Record<Group | 'unsaid', number>;
  /** The declared share of each group, in percent, ticket holders included. */
  shares: Record<Group, number>;
  offTarget: boolean;
  /** Holders passed over by someone with a worse place in their own group (ticket holders aside). */
  passedOver: number;
}

/**
 * What a sent balanced wave did, once every pick is invited: its size, its ticket holders, its mix among the declared
 * (ticket holders included) against the target, and whether anyone was passed over within their group (who said
 * nothing being a group of their own): in each group, in place order, the picks must come before everyone left.
 */
async function checkWave(
  pool: pg.Pool,
  waveId: number,
  cityId: number | null,
  said: Map<string, Group>,
  tickets: Set<string>,
): Promise<WaveCheck> {
  const { rows } = await pool.query<{ id: string; picked: boolean }>(
    `select e.id::text as id, e.wave_id is not distinct from $1::bigint as picked from waitlist.entries e
      where (e.wave_id = $1 or (e.status = 'confirmed' and e.review_state is distinct from 'rejected'
                                and e.place_key is not null))
        and ($2::int is null or e.city_id = $2)
      order by e.place_key, e.queue_seq`,
    [waveId, cityId],
  );
  const counts = { woman: 0, man: 0, nonbinary: 0, unsaid: 0 };
  const skipped = new Set<string>();
  let passedOver = 0;
  let ticketCount = 0;
  let ticketsWaiting = 0;
  for (const row of rows) {
    const group = said.get(row.id) ?? 'unsaid';
    if (tickets.has(row.id)) {
      if (row.picked) ticketCount += 1;
      else ticketsWaiting += 1;
      if (row.picked) counts[group] += 1;
      continue;
    }
    if (row.picked) {
      counts[group] += 1;
      if (skipped.has(group)) passedOver += 1;
    } else skipped.add(group);
  }
  const declared = counts.woman + counts.man + counts.nonbinary;
  const shares = Object.fromEntries(
    BALANCE_GROUPS.map((group) => [group, declared ? (100 * counts[group]) / declared : 0]),
  ) as Record<Group, number>;
  // A wave with nobody who said something (all places, no balance data) has no mix to hold.
  const offTarget =
    declared > 0 &&
    BALANCE_GROUPS.some((group) => Math.abs(shares[group] - TARGET[group]) > BALANCE_TOLERANCE_POINTS + 1e-9);
  const size = counts.woman + counts.man + counts.nonbinary + counts.unsaid;
  return { size, tickets: ticketCount, ticketsWaiting, counts, shares, offTarget, passedOver };
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of the statements of a balanced draft of `count` (balance.repository.ts): the ticket
 * holders, the line's first `count` places, and the first page of declared rows after them.
 */
async function explainDraft(pool: pg.Pool, count: number, cityId: number | null): Promise<string> {
  const explain = async (title: string, statement: { text: string; values: unknown[] }) => {
    const { rows } = await pool.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers, costs off) ${statement.text}`,
      statement.values,
    );
    return `#### ${title}\n\n\`\`\`\n${rows.map((row) => row['QUERY PLAN']).join('\n')}\n\`\`\``;
  };
  const first = await lineByPlace(pool, cityId, null, count, false);
  const last = first.at(-1);
  return [
    await explain('The ticket holders', ticketHoldersStatement(count, cityId)),
    await explain(`The line's first ${num(count)}`, lineStatement(cityId, null, count, false)),
    last
      ? await explain(
          `A page of ${num(DRAFT_PAGE)} declared rows after them`,
          lineStatement(cityId, { placeKey: last.placeKey, queueSeq: last.queueSeq }, DRAFT_PAGE, true),
        )
      : '',
  ].join('\n\n');
}

/** A self-signed certificate for 127.0.0.1: production sends webhooks over https only, so the bench does too. */
function selfSignedCertificate(dir: string): { key: string; cert: string; certPath: string } {
  const keyPath = join(dir, 'receiver-key.pem');
  const certPath = join(dir, 'receiver-cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      keyPath,
      '-out',
      certPath,
    ],
    { stdio: 'ignore' },
  );
  return { key: readFileSync(keyPath, 'utf8'), cert: readFileSync(certPath, 'utf8'), certPath };
}

/** The app's receiver: counts each `webhook-id` it is sent and checks each signature with the endpoint's secret. */
class CountingReceiver {
  readonly seen = new Map<string, number>();
  badSignatures = 0;
  lastAt = 0;
  secret: Buffer | null = null;
  private server: Server | null = null;

  async start(tls: { key: string; cert: string }): Promise<number> {
    this.server = createServer(tls, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const id = String(req.headers['webhook-id'] ?? '');
        const timestamp = String(req.headers['webhook-timestamp'] ?? '');
        const body = Buffer.concat(chunks).toString('utf8');
        const expected = this.secret
          ? `v1,${createHmac('sha256', this.secret).update(`${id}.${timestamp}.${body}`).digest('base64')}`
          : '';
        const signatures = String(req.headers['webhook-signature'] ?? '').split(' ');
        if (!signatures.includes(expected)) this.badSignatures += 1;
        this.seen.set(id, (this.seen.get(id) ?? 0) + 1);
        this.lastAt = performance.now();
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as AddressInfo).port;
  }

  get duplicates(): number {
    let extra = 0;
    for (const count of this.seen.values()) extra += count - 1;
    return extra;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/**
 * (5b) The launch engine at `options.entries` entries (decisions 034–037): the worker's city-opening check (nothing
 * due, and a city at its threshold opening with a first wave of 10,000), balanced waves of 10,000 through the staff API
 * (the preview and the send, each under a second; the mix within ±2 points, nobody passed over in their group, ticket
 * holders first), and 10,000 signed webhook events delivered by the worker to a local https receiver, each once.
 */
export async function launchEngineSuite(context: BenchContext): Promise<void> {
  const { options, report, system, database, tmpDir } = context;
  const pool = new pg.Pool({ connectionString: database.url, max: 4 });
  const waveSize = options.quick ? 2_000 : 10_000;
  const logger = createLogger({ name: 'bench', level: 'warn' });
  const registry = createMetricsRegistry();
  const audit = createAuditService({ pool });
  const invitations = createInvitationsService({ pool, metrics: createInvitationsMetrics(registry), audit });
  const opening = createCityOpeningService({
    pool,
    audit,
    inviteWave: (client, request) => invitations.inviteInTransaction(client, request),
    logger,
  });
  const receiver = new CountingReceiver();
  try {
    await system.stop(['waitlist-worker']);
    await generateEntries(pool, options.entries);
    await fillLine(pool);
    // Only this suite's mails matter: what earlier suites left unsent is synthetic (and the worker is stopped).
    await pool.query(
      `update waitlist.outbox set relayed_at = coalesce(relayed_at, now()), sent_at = coalesce(sent_at, now())
        where sent_at is null`,
    );
    const seeded = performance.now();
    const said = await seedBalance(pool);
    const tickets = await seedTickets(pool);
    const { rows: cityRows } = await pool.query<{ id: number; name: string; confirmed: number; holders: number }>(
      `select c.id, c.name, coalesce(k.confirmed, 0)::int as confirmed,
              (select count(*)::int from waitlist.entries e where e.city_id = c.id and e.status = 'confirmed'
                  and e.place_key is not null) as holders
         from waitlist.cities c left join waitlist.city_counts k on k.city_id = c.id
        where c.name like 'Bench city %' order by c.sort`,
    );
    const [capital, ticketCity] = cityRows;
    if (!capital || !ticketCity) throw new Error('the bench cities are missing');
    const holders = cityRows.reduce((sum, row) => sum + row.holders, 0);
    report.add({
      suite: 'engine',
      what: `line: holders in ${cityRows.length} cities, with balance data, ticket holders`,
      value: `${num(holders)} (${capital.name}: ${num(capital.holders)}); ${num(said.size)} declared (15:4:1 women:men:non-binary); ${tickets.size} tickets (${ticketCity.name}); seeded in ${ms(performance.now() - seeded)}`,
    });

    // The worker's check, every CITY_OPENING_CHECK_MS: with every city waiting below its threshold, and then with the
    // capital at its threshold in mode auto, which opens it with a first wave of `waveSize`.
    await pool.query(
      `update waitlist.cities c set opening_threshold = coalesce(k.confirmed, 0) + 1000, open_mode = 'approve',
              first_wave_size = 100, threshold_reached_at = null, opened_at = null
         from waitlist.city_counts k where k.city_id = c.id and c.name like 'Bench city %'`,
    );
    const idle: number[] = [];
    for (let index = 0; index < 50; index += 1) {
      const started = performance.now();
      const due = await citiesDue(pool);
      idle.push(performance.now() - started);
      if (due.length) throw new Error(`cities due while all wait: ${due.join(', ')}`);
    }
    await pool.query(
      `update waitlist.cities set opening_threshold = $2, open_mode = 'auto', first_wave_size = $3 where id = $1`,
      [capital.id, capital.confirmed, waveSize],
    );
    const checkStarted = performance.now();
    const outcomes = await opening.checkDue();
    const checkMs = performance.now() - checkStarted;
    if (outcomes.get(capital.id) !== 'opened') throw new Error(`the capital did not open: ${[...outcomes]}`);
    const { rows: openedRows } = await pool.query<{ invited: number }>(
      `select w.invited from waitlist.cities c join waitlist.invitation_waves w on w.id = c.opening_wave_id
        where c.id = $1`,
      [capital.id],
    );
    const restStarted = performance.now();
    await applyPendingWaves(pool);
    const restSeconds = (performance.now() - restStarted) / 1000;
    report.add({
      suite: 'engine',
      what: `threshold check with no city due (the worker's periodic read of ${cityRows.length} cities), p95 of 50`,
      value: `p95 ${ms(percentile(idle, 95))} (p50 ${ms(percentile(idle, 50))})`,
      goal: `< ${num(WAVE_GOAL_MS)} ms`,
      met: percentile(idle, 95) < WAVE_GOAL_MS,
    });
    report.add({
      suite: 'engine',
      what: `threshold check that opens ${capital.name} (auto) with a first wave of ${num(waveSize)}: checkDue() in one transaction (lock, mark, audit, pick, first batch, webhook event)`,
      value: `${ms(checkMs)}; ${num(openedRows[0]?.invited ?? 0)} picked; the worker invited the rest in ${restSeconds.toFixed(1)} s`,
      goal: `< ${num(WAVE_GOAL_MS)} ms`,
      met: checkMs < WAVE_GOAL_MS && openedRows[0]?.invited === waveSize,
    });

    // Balanced waves of `waveSize` through the staff API: the whole line, then the capital.
    const token = await system.staffToken();
    const query = `woman=${TARGET.woman}&man=${TARGET.man}&nonbinary=${TARGET.nonbinary}`;
    for (const city of [null, capital]) {
      const where = city ? ` in ${city.name}` : ' (whole line)';
      const previews: number[] = [];
      let previewBody = '';
      for (let round = 0; round < 3; round += 1) {
        const answer = await call(
          `${system.url}/api/admin/waitlist/invitations/preview?count=${waveSize}&${query}${city ? `&city=${city.id}` : ''}`,
          { token },
        );
        if (answer.status !== 200) throw new Error(`preview answered ${answer.status}: ${answer.body}`);
        previews.push(answer.ms);
        previewBody = answer.body;
      }
      const preview = JSON.parse(previewBody) as { matching: number };
      const sent = await call(`${system.url}/api/admin/waitlist/invitations`, {
        method: 'POST',
        token,
        body: { count: waveSize, balance: TARGET, ...(city ? { city: city.id } : {}) },
      });
      if (sent.status !== 202) throw new Error(`balanced wave answered ${sent.status}: ${sent.body}`);
      const { waveId, invited } = JSON.parse(sent.body) as { waveId: number; invited: number };
      await applyPendingWaves(pool);
      const check = await checkWave(pool, waveId, city?.id ?? null, said, tickets);
      report.add({
        suite: 'engine',
        what: `balanced wave of ${num(waveSize)}${where}, target ${TARGET.woman}/${TARGET.man}/${TARGET.nonbinary}: GET …/invitations/preview ×3, then POST …/invitations → 202, via gateway`,
        value: `preview ${previews.map(ms).join(' / ')}; send ${ms(sent.ms)}`,
        goal: `< ${num(WAVE_GOAL_MS)} ms each`,
        met: [...previews, sent.ms].every((time) => time < WAVE_GOAL_MS),
      });
      report.add({
        suite: 'engine',
        what: `that wave${where}: size, ticket holders first, mix among the declared, fairness within each group`,
        value:
          `${num(invited)} picked (preview ${num(preview.matching)}), ${num(check.size)} invited; ${check.tickets} ticket holders` +
          ` (${check.ticketsWaiting} left waiting); women ${num(check.counts.woman)} / men ${num(check.counts.man)} / non-binary ${num(check.counts.nonbinary)} / unsaid ${num(check.counts.unsaid)}` +
          ` = ${BALANCE_GROUPS.map((group) => check.shares[group].toFixed(1)).join(' / ')} %; ${check.passedOver} passed over`,
        goal: `±${BALANCE_TOLERANCE_POINTS} points, 0 passed over, every ticket holder${where}`,
        met: !check.offTarget && check.passedOver === 0 && check.ticketsWaiting === 0 && check.size === invited,
      });
    }
    report.section(
      `EXPLAIN (ANALYZE, BUFFERS) of a balanced draft of ${num(waveSize)} (whole line)`,
      [
        `The statements a balanced draft sends (balance.repository.ts), after the waves above: the friends holding a`,
        `ticket, the line's first places (who said nothing among them, and the start of the declared line), then the`,
        `declared line page by page as far as the draft needs (the values are opened in the service, never in SQL).`,
        '',
        await explainDraft(pool, waveSize, null),
      ].join('\n'),
    );

    // Webhook fan-out: an endpoint for the entries' events, WEBHOOK_EVENTS events recorded in one statement as a wave's
    // batches record them, and the worker's dispatcher sends them to a local https receiver.
    const tls = selfSignedCertificate(tmpDir);
    const port = await receiver.start(tls);
    const webhookEnv = { WEBHOOK_ALLOWED_HOSTS: `127.0.0.1:${port}`, NODE_EXTRA_CA_CERTS: tls.certPath };
    await system.stop(['waitlist']);
    await system.start(['waitlist'], webhookEnv);
    const created = await call(`${system.url}/api/admin/webhooks`, {
      method: 'POST',
      token,
      body: { url: `https://127.0.0.1:${port}/hooks`, events: ['entry.invited'] },
    });
    if (created.status !== 201) throw new Error(`webhook creation answered ${created.status}: ${created.body}`);
    const { secret } = JSON.parse(created.body) as { secret: string };
    receiver.secret = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
    await system.start(['waitlist-worker'], webhookEnv);
    const recorded = performance.now();
    const { rows: eventRows } = await pool.query<{ events: number }>(
      `select count(waitlist.record_webhook_event('entry.invited', e.id, 'entry:' || e.id,
                jsonb_build_object('entryId', e.id::text, 'email', e.email, 'cityId', e.city_id::text,
                                   'waveId', e.wave_id::text, 'invitedAt', e.invited_at)))::int as events
         from (select id, email, city_id, wave_id, invited_at from waitlist.entries
                where status = 'invited' order by id limit $1) e`,
      [WEBHOOK_EVENTS],
    );
    const events = eventRows[0]?.events ?? 0;
    const deadline = performance.now() + WEBHOOK_LIMIT_MS;
    while (receiver.seen.size < events && performance.now() < deadline) await sleep(50);
    const fanOutSeconds = (receiver.lastAt - recorded) / 1000;
    await sleep(3000); // a duplicate would arrive late: give it the chance to
    const { rows: states } = await pool.query<{ delivered: number; pending: number; failed: number }>(
      `select count(*) filter (where state = 'delivered')::int as delivered,
              count(*) filter (where state = 'pending')::int as pending,
              count(*) filter (where state = 'failed')::int as failed
         from waitlist.webhook_deliveries`,
    );
    await system.stop(['waitlist-worker']);
    const state = states[0] ?? { delivered: 0, pending: 0, failed: 0 };
    report.add({
      suite: 'engine',
      what: `webhook fan-out: ${num(events)} entry.invited events recorded in one statement → the worker (relay + BullMQ, 10 at a time) → a local https receiver`,
      value: `${num(receiver.seen.size)} distinct webhook-id in ${fanOutSeconds.toFixed(1)} s (${num(receiver.seen.size / fanOutSeconds)}/s, worker start excluded)`,
      goal: `all ${num(events)} within ${WEBHOOK_LIMIT_MS / 60_000} min`,
      // A quick run (BENCH_QUICK) has fewer invited people than WEBHOOK_EVENTS to record events for.
      met: receiver.seen.size === events && events === (options.quick ? events : WEBHOOK_EVENTS) && events > 0,
    });
    report.add({
      suite: 'engine',
      what: 'webhooks exactly once, signed',
      value: `${num(receiver.seen.size)} once, ${receiver.duplicates} duplicated, ${receiver.badSignatures} bad signatures; deliveries ${num(state.delivered)} delivered, ${state.pending} pending, ${state.failed} failed`,
      goal: 'every event once, every signature valid',
      met:
        receiver.duplicates === 0 &&
        receiver.badSignatures === 0 &&
        state.delivered === events &&
        state.pending === 0 &&
        state.failed === 0,
    });
  } finally {
    await receiver.close();
    await pool.end();
  }
}
