import pg from 'pg';
import type { BenchContext } from '../lib/context.js';
import { num, sleep } from '../lib/stats.js';
import type { CountingSmtpSink } from '../lib/smtp-counter.js';

/** The send rate under test (MAIL_SEND_RATE): a mail provider's, well under what the worker can do. */
const SEND_RATE = 50;
/** A new sign-up's confirmation must be sent within this long of its answer, whatever is owed in the other lanes. */
const CONFIRMATION_GOAL_S = 5;
/** Sign-ups made while the backlog drains, a second apart; the slowest one's confirmation is reported. */
const SIGN_UPS = 5;

/**
 * (lanes) A launch spike against the mail provider's send rate: 20,000 welcome mails owed (the `others` lane) and the
 * worker at MAIL_SEND_RATE=50 (400 s of backlog); then new sign-ups, whose confirmations (the `first` lane) must each
 * be sent within 5 s of the answer; then the whole backlog drains, and every mail went exactly once. Decision 032.
 */
export async function mailLanesSuite(context: BenchContext, sink: CountingSmtpSink): Promise<void> {
  const { options, report, system, database, runId } = context;
  const welcomes = options.quick ? 2_000 : 20_000;
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  try {
    // Earlier suites' rows are not part of this measurement; a worker of theirs runs without a send rate.
    await pool.query(
      'update waitlist.outbox set relayed_at = coalesce(relayed_at, now()), sent_at = coalesce(sent_at, now()) where sent_at is null',
    );
    await system.stop(['waitlist-worker']);
    const tag = `lw${runId}-`;
    // Confirmed entries with their places (the welcome mail states it), as confirming leaves them, and their mails.
    await pool.query(
      `with e as (
         insert into waitlist.entries (email, email_normalized, status, referral_code, confirmed_at, queue_seq, place_key)
         select a, a, 'confirmed', 'LW' || $3 || g, now(), seq,
                waitlist.place_key(seq, 0, (select boost from waitlist.place_rule))
           from (select g, $1 || g || '@bench.example.com' as a, nextval('waitlist.queue_seq') as seq
                   from generate_series(1, $2::int) g) s
         returning id
       )
       insert into waitlist.outbox (entry_id, kind) select id, 'welcome' from e`,
      [tag, welcomes, runId],
    );
    const welcomeAddresses = Array.from({ length: welcomes }, (_, i) => `${tag}${i + 1}@bench.example.com`);
    await system.start(['waitlist-worker'], { MAIL_SEND_RATE: String(SEND_RATE) });
    // Let the relay hand the backlog over and the worker send at its rate for a while: the spike is under way.
    await sleep(5_000);

    const confirmations: { address: string; seconds: number }[] = [];
    for (let i = 0; i < SIGN_UPS; i++) {
      const address = `lc${runId}-${i}@bench.example.com`;
      const response = await fetch(`${system.url}/waitlist`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: address }),
      });
      if (!response.ok) throw new Error(`sign-up answered ${response.status}`);
      const answeredAt = performance.now();
      const deadline = Date.now() + 60_000;
      while (!sink.perRecipient.has(address) && Date.now() < deadline) await sleep(10);
      confirmations.push({ address, seconds: (performance.now() - answeredAt) / 1000 });
      await sleep(1000);
    }
    const { rows: owed } = await pool.query<{ owed: number }>(
      `select count(*)::int as owed from waitlist.outbox where kind = 'welcome' and sent_at is null`,
    );
    const slowest = Math.max(...confirmations.map((c) => c.seconds));
    report.add({
      suite: 'lanes',
      what: `confirmation after a sign-up, ${num(welcomes)} welcome mails owed, MAIL_SEND_RATE=${SEND_RATE}`,
      value: `${slowest.toFixed(2)} s slowest of ${SIGN_UPS} (${confirmations.map((c) => c.seconds.toFixed(2)).join(', ')}); ${num(owed[0]?.owed ?? 0)} welcome still owed`,
      goal: `≤ ${CONFIRMATION_GOAL_S} s`,
      met: slowest <= CONFIRMATION_GOAL_S,
    });

    // The rest of the backlog at the send rate, then the count.
    const drainStarted = performance.now();
    const all = [...welcomeAddresses, ...confirmations.map((c) => c.address)];
    const deadline = Date.now() + (welcomes / SEND_RATE) * 1000 * 1.5 + 60_000;
    while (!all.every((address) => sink.perRecipient.has(address)) && Date.now() < deadline) await sleep(500);
    const drainSeconds = (performance.now() - drainStarted) / 1000;
    await sleep(2000); // a duplicate would come late: give it the chance to
    const tally = sink.tally(all);
    const sentDuring = welcomes - (owed[0]?.owed ?? 0);
    report.add({
      suite: 'lanes',
      what: 'send rate held across the drain',
      value: `${num((welcomes - sentDuring) / Math.max(drainSeconds, 0.001))} mails/s for the last ${num(welcomes - sentDuring)}`,
      goal: `≤ ${SEND_RATE} mails/s`,
      met: (welcomes - sentDuring) / Math.max(drainSeconds, 0.001) <= SEND_RATE * 1.05,
    });
    report.add({
      suite: 'lanes',
      what: 'exactly once',
      value: `${num(tally.once)} once, ${tally.duplicated} duplicated, ${num(tally.missing)} not yet sent when the wait ended (${num(drainSeconds)} s)`,
      goal: 'every mail exactly once',
      met: tally.missing === 0 && tally.duplicated === 0,
    });
  } finally {
    await system.stop(['waitlist-worker']);
    await pool.end();
  }
}
