// @ts-check
/**
 * The same-run reference for the sign-up write path: the least a sign-up can cost on this machine. A bare node:http
 * server that reads the body, JSON.parse-s it and runs one INSERT ... ON CONFLICT DO NOTHING through a pg pool of the
 * same size as the services' (10). No validation, no rate limit, no logging, no outbox: the floor, not a design.
 *
 * Plain JavaScript run by node directly, so no loader sits in the way. Reads PORT and DATABASE_URL.
 */
import { createServer } from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
await pool.query('create schema if not exists bench_reference');
await pool.query('create table if not exists bench_reference.signups (email text primary key, created_at timestamptz not null default now())');

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
    pool.query({ name: 'ref-insert', text: 'insert into bench_reference.signups (email) values ($1) on conflict do nothing', values: [email] }).then(
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
