import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './free-port.js';

export interface PgBouncer {
  port: number;
  /** `databaseUrl` with its host and port swapped for the pooler's (same database, same user). */
  pooledUrl(databaseUrl: string): string;
  stop(): Promise<void>;
}

/**
 * Debian's pgbouncer on a free loopback port in front of `serverUrl`'s Postgres, in transaction pooling: every
 * transaction may run on another server connection, as behind a managed Postgres's pooler. Trust auth (the test
 * Postgres trusts loopback too); every database name is passed through (`* =`), so each test file's own database
 * works. Strict on purpose: no `ignore_startup_parameters`, so a client sending `statement_timeout` or `options` is
 * refused as a production pooler would refuse it; and few server connections, so transactions really do move
 * between them.
 */
export async function startPgBouncer(serverUrl: string): Promise<PgBouncer> {
  const server = new URL(serverUrl);
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'mmdm-pgbouncer-'));
  // pgbouncer refuses to run as root; it drops to `postgres`, which must read its files.
  chmodSync(dir, 0o755);
  writeFileSync(join(dir, 'userlist.txt'), `"${decodeURIComponent(server.username || 'postgres')}" ""\n`);
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${server.hostname} port=${server.port || '5432'}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${join(dir, 'userlist.txt')}`,
      'pool_mode = transaction',
      'max_client_conn = 1000',
      'default_pool_size = 4',
      'max_db_connections = 8',
      'server_reset_query =',
      // A test drops its database at the end; the pooler's idle server connections to it are cut then, not reused.
      'server_check_delay = 0',
      'log_connections = 0',
      'log_disconnections = 0',
      'admin_users = postgres',
      '',
    ].join('\n'),
  );
  const args = [join(dir, 'pgbouncer.ini')];
  if (process.getuid?.() === 0) args.unshift('-u', 'postgres');
  const child: ChildProcess = spawn('pgbouncer', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  await waitUntilAnswering(port, server, () => stderr);
  return {
    port,
    pooledUrl(databaseUrl) {
      const url = new URL(databaseUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    async stop() {
      if (child.exitCode === null) {
        await new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        });
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitUntilAnswering(port: number, server: URL, stderr: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const client = new pg.Client({
      host: '127.0.0.1',
      port,
      user: decodeURIComponent(server.username || 'postgres'),
      database: 'postgres',
    });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('select 1');
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`pgbouncer on ${port} did not start: ${String(error)} ${stderr()}`);
    } finally {
      await client.end().catch(() => undefined);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A process's database variables for the Postgres database `databaseUrl`: as it is, or, given a pooler's port, through
 * the pooler in transaction mode with the direct URL for migrations and LISTEN (as in production behind PgBouncer).
 */
export function databaseEnvFor(databaseUrl: string, pgbouncerPort: number | undefined): Record<string, string> {
  if (!pgbouncerPort) return { DATABASE_URL: databaseUrl };
  const pooled = new URL(databaseUrl);
  pooled.hostname = '127.0.0.1';
  pooled.port = String(pgbouncerPort);
  return { DATABASE_URL: pooled.toString(), DATABASE_DIRECT_URL: databaseUrl, DATABASE_POOL_MODE: 'transaction' };
}
