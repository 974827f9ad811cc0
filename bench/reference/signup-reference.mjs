// @ts-check
/**
 * The same-run reference for the sign-up write path: the least a sign-up can cost on this machine. A bare node:http
 * server that reads the body, JSON.parse-s it and runs one INSERT ... ON CONFLICT DO NOTHING through a pg pool of the
 * same size as the services' (10). No validation, no rate limit, no logging, no outbox: the floor, not a design.
 *
 * Plain JavaScript run by node directly, so no loader sits in the way. Reads PORT, DATABASE_URL and STATEMENT:
 * `simple` (default, the reference) or `project`: the same bare server sending the project's own sign-up statement
 * (a copy of SIGN_UP_ONE in services/waitlist/src/modules/signup/signup.repository.ts as it reaches Postgres, with fixed network and device hashes) to waitlist.entries, which splits
 * the gap between the project and the reference into "Postgres work" and "everything in Node". It sends the
 * statement's one-sign-up form for every sign-up, as the service does at rest: the service's grouping of sign-ups
 * that arrive together into one statement (signup.writer.ts, decision 023) shows in the service's own rows.
 */
import { createServer } from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
// The bench starts both variants at once, and two concurrent `create ... if not exists` of one name can still collide
// in the catalog (a unique violation on pg_type): one creates while the other waits on a transaction-level lock.
await pool.query(`begin;
  select pg_advisory_xact_lock(hashtext('bench_reference'));
  create schema if not exists bench_reference;
  create table if not exists bench_reference.signups (email text primary key, created_at timestamptz not null default now());
  commit;`);

const PROJECT_SIGN_UP = `
with input as (
  select $2::text as email, $3::text as email_normalized, $4::text as referral_source, $5::text as request_id,
         $6::bytea as signup_network, $7::bytea as signup_device, $8::jsonb as review_reasons
),
inserted as (
  insert into waitlist.entries (email, email_normalized, referral_source, last_mail_queued_at, signup_network,
                                signup_device, review_state, review_reasons)
  select email, email_normalized, referral_source, now(), signup_network, signup_device,
         case when review_reasons is not null then 'flagged' end,
         case when review_reasons is not null then array(select jsonb_array_elements_text(review_reasons)) end
    from input
   order by email_normalized
  on conflict (email_normalized) do nothing
  returning id, email_normalized
),
bumped as (
  update waitlist.entries e
     set last_mail_queued_at = now(), updated_at = now()
    from input
   where e.email_normalized = input.email_normalized
     and (select count(*) from inserted) < (select count(*) from input)
     and e.status = 'pending'
     and (e.last_mail_queued_at is null or e.last_mail_queued_at <= now() - make_interval(secs => $1::int))
  returning e.id, e.email_normalized
),
mailed as (
  select written.id, input.request_id
    from (select id, email_normalized from inserted union all select id, email_normalized from bumped) written
    join input using (email_normalized)
),
queued as (
  insert into waitlist.outbox (entry_id, kind, request_id)
  select id, 'confirmation', request_id from mailed
  returning id
)
select`;
/** Stand-ins for the keyed hashes of the client's network and device the service stores with each sign-up. */
const NETWORK = Buffer.alloc(32, 1);
const DEVICE = Buffer.alloc(32, 2);

const project = process.env.STATEMENT === 'project';
/** @param {string} email */
const statement = (email) =>
  project
    ? {
        name: 'ref-project',
        text: PROJECT_SIGN_UP,
        values: [900, email, email.trim().toLowerCase(), null, 'bench', NETWORK, DEVICE, null],
      }
    : {
        name: 'ref-insert',
        text: 'insert into bench_reference.signups (email) values ($1) on conflict do nothing',
        values: [email],
      };

const OK = JSON.stringify({ success: true });

const server = createServer((req, res) => {
  if (req.url === '/healthz') {
    res.end('ok');
    return;
  }
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    let email;
    try {
      email = String(JSON.parse(Buffer.concat(chunks).toString('utf8')).email);
    } catch {
      res.writeHead(400).end();
      return;
    }
    pool.query(statement(email)).then(
      () => res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(OK) }).end(OK),
      () => res.writeHead(500).end(),
    );
  });
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT), '127.0.0.1');

process.on('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  void pool.end().then(() => process.exit(0));
});
