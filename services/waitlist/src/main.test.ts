import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '@mmdm/tests/support';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';

const waitlistDir = fileURLToPath(new URL('..', import.meta.url));
// main.ts runs as a real process (through tsx), importing @mmdm/shared as Node resolves it: from its build.
const sharedBuilt = existsSync(fileURLToPath(new URL('../../shared/dist/lifecycle.js', import.meta.url)));

/** Starts the API's main.ts as an operator would and waits for it to give up (it must: each case here cannot start). */
function startMain(databaseUrl: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: waitlistDir,
      env: {
        PATH: process.env.PATH ?? '',
        DATABASE_URL: databaseUrl,
        REDIS_URL: inject('redisUrl'),
        REDIS_PREFIX: inject('redisPrefix'),
        WAITLIST_PORT: '0',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const killer = setTimeout(() => child.kill('SIGKILL'), 45_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(killer);
      resolve({ code, output });
    });
  });
}

describe.skipIf(!sharedBuilt)('the waitlist API process at start', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(inject('databaseUrl'));
  });
  afterAll(async () => {
    await database.drop();
  });

  it.concurrent(
    'reports a migration that fails as a migration failure, not as Postgres being unreachable, and exits 1',
    async () => {
      // A table made by hand where the first migration creates its own: Postgres answers, the migration cannot apply.
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      await client.query('create schema waitlist; create table waitlist.entries (id int)');
      await client.end();

      const { code, output } = await startMain(database.url);
      expect(code).toBe(1);
      expect(output).toContain('Migrations of schema \\"waitlist\\" failed');
      expect(output).toContain('already exists');
      expect(output).not.toContain('Cannot reach Postgres');
    },
    60_000,
  );

  it.concurrent(
    'reports Postgres it cannot reach as such, with where it looked, and exits 1',
    async () => {
      const { code, output } = await startMain('postgres://postgres@127.0.0.1:1/nowhere');
      expect(code).toBe(1);
      expect(output).toContain('Cannot reach Postgres at 127.0.0.1:1/nowhere');
      expect(output).not.toContain('Migrations of schema');
    },
    60_000,
  );
});
