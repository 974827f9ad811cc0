import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { createPool, statementName } from './db.js';

// Runs in the `pgbouncer` project only (PgBouncer in transaction pooling in front of the run's Postgres): what the
// other suites of that project rely on, shown directly. Elsewhere there is no pooler to show it with.
const port = inject('pgbouncerPort');

describe.skipIf(!port)('behind PgBouncer in transaction pooling', () => {
  const pooledUrl = () => {
    const url = new URL(inject('databaseUrl'));
    url.port = String(port);
    return url.toString();
  };

  it('refuses a client sending startup parameters, as the processes did before (statement_timeout, options)', async () => {
    const old = new pg.Client({
      connectionString: pooledUrl(),
      statement_timeout: 5000,
      options: '-c mmdm.consent_policy=sha256-0',
    });
    old.on('error', () => undefined);
    await expect(old.connect()).rejects.toThrow(/unsupported startup parameter/);
    await old.end().catch(() => undefined);
  });

  it('a pool in transaction mode connects, and names no prepared statement (another connection would not know it)', async () => {
    const pool = createPool({
      connectionString: pooledUrl(),
      applicationName: 'pooling-test',
      poolMode: 'transaction',
    });
    try {
      expect(statementName(pool, 'hot')).toBeUndefined();
      const client = await pool.connect();
      expect(statementName(client, 'hot')).toBeUndefined();
      client.release();
      // Many transactions at once, each seeing only its own `set local`: nothing leaks between them.
      const seen = await Promise.all(
        Array.from({ length: 20 }, async (_, i) => {
          const c = await pool.connect();
          try {
            await c.query('begin');
            await c.query(`select set_config('mmdm.probe', $1, true)`, [String(i)]);
            const { rows } = await c.query<{ v: string }>(`select current_setting('mmdm.probe', true) as v`);
            await c.query('commit');
            return rows[0]!.v;
          } finally {
            c.release();
          }
        }),
      );
      expect(seen).toEqual(Array.from({ length: 20 }, (_, i) => String(i)));
    } finally {
      await pool.end();
    }
  });

  it('a session pool straight to Postgres still names its hot statements', async () => {
    const pool = createPool({ connectionString: inject('databaseUrl'), applicationName: 'pooling-test' });
    try {
      expect(statementName(pool, 'hot')).toBe('hot');
    } finally {
      await pool.end();
    }
  });
});
