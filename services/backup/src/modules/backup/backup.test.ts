import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createLogger } from '@mmdm/shared/logger';
import { migrate } from '@mmdm/shared/migrate';
import { createTestDatabase, type TestDatabase } from '@mmdm/tests/support';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readBackupFile, writeBackupFile } from './backup-file.js';
import { pruneBackups, restoreBackup, RestoreRefused, scheduledBackupName, takeBackup } from './backup.service.js';
import { OWNED_SCHEMAS } from './owned-schemas.js';

const logger = createLogger({ name: 'backup-test', level: 'silent' });
const dir = mkdtempSync(join(tmpdir(), 'mmdm-backup-test-'));
const databases: TestDatabase[] = [];
/** The waitlist's newest migration, as its folder holds it: the level a backup of a migrated database names. */
const latestWaitlistMigration = readdirSync(OWNED_SCHEMAS.find((owned) => owned.name === 'waitlist')!.migrationsDir)
  .filter((file) => file.endsWith('.sql'))
  .sort()
  .at(-1)!
  .replace(/\.sql$/, '');
let source: TestDatabase;
let backup: string;

async function migratedDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase(inject('databaseUrl'), 'mmdm_backup_test');
  databases.push(database);
  for (const { name, migrationsDir } of OWNED_SCHEMAS)
    await migrate({ databaseUrl: database.url, dir: migrationsDir, schema: name, logger });
  return database;
}

async function emptyDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase(inject('databaseUrl'), 'mmdm_backup_test');
  databases.push(database);
  return database;
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** Every owned table's rows, as one digest per table: two databases with equal digests hold the same rows. */
async function contents(url: string): Promise<Record<string, string>> {
  return withClient(url, async (client) => {
    const { rows: tables } = await client.query<{ schema: string; name: string }>(
      `select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname in ('auth', 'waitlist') and c.relkind = 'r' and c.relname <> 'migrations' order by 1, 2`,
    );
    const digests: Record<string, string> = {};
    for (const { schema, name } of tables) {
      const { rows } = await client.query<{ digest: string | null; n: number }>(
        `select md5(string_agg(t::text, '|' order by t::text)) as digest, count(*)::int as n from "${schema}"."${name}" t`,
      );
      digests[`${schema}.${name}`] = `${rows[0]?.n}:${rows[0]?.digest ?? ''}`;
    }
    return digests;
  });
}

/** Sign-ups with owed and sent mail, a staff account: rows in both schemas, sequences moved. */
async function seed(url: string): Promise<void> {
  await withClient(url, async (client) => {
    await client.query(
      `insert into waitlist.entries (email, email_normalized)
       select 'p' || i || '@example.com', 'p' || i || '@example.com' from generate_series(1, 25) i`,
    );
    await client.query(
      `insert into waitlist.outbox (entry_id, kind, relayed_at, sent_at)
       select id, 'confirmation', now(), case when id % 2 = 0 then now() end from waitlist.entries`,
    );
    await client.query(
      `insert into auth.staff (email, email_normalized, password_hash, role)
       values ('ops@example.com', 'ops@example.com', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA', 'admin')`,
    );
  });
}

beforeAll(async () => {
  source = await migratedDatabase();
  await seed(source.url);
  backup = join(dir, 'source.backup.tar');
  await takeBackup(source.url, backup);
});

afterAll(async () => {
  for (const database of databases) await database.drop();
  rmSync(dir, { recursive: true, force: true });
});

describe('db:backup', () => {
  it('writes one tar of a manifest and a custom-format dump: migration level and rows per table, and the dump checksum', async () => {
    const listing = spawnSync('tar', ['-tf', backup], { encoding: 'utf8' });
    expect(listing.stdout.trim().split('\n')).toEqual(['manifest.json', 'database.pgdump']);
    const manifest = await readBackupFile(backup, join(dir, 'inspect.pgdump'));
    expect(manifest.format).toBe('mmdm-backup/1');
    expect(Object.keys(manifest.schemas).sort()).toEqual(['auth', 'waitlist']);
    expect(manifest.schemas.waitlist?.migration).toBe(latestWaitlistMigration);
    expect(manifest.schemas.waitlist?.level).toBeGreaterThanOrEqual(19);
    expect(manifest.schemas.auth?.level).toBeGreaterThanOrEqual(2);
    expect(manifest.schemas.waitlist?.rows).toMatchObject({ entries: 25, outbox: 25, tokens: 0 });
    expect(manifest.schemas.auth?.rows).toMatchObject({ staff: 1 });
    expect(manifest.schemas.waitlist?.rows.migrations).toBeGreaterThanOrEqual(13);
    expect(manifest.extensions).toContain('pg_trgm');
    // pg_restore reads the member as it is: the dump is pg_dump's custom format.
    const toc = spawnSync('pg_restore', ['--list', join(dir, 'inspect.pgdump')], { encoding: 'utf8' });
    expect(toc.status).toBe(0);
    expect(toc.stdout).toMatch(/TABLE DATA waitlist entries/);
    expect(toc.stdout).toMatch(/TABLE DATA auth migrations/);
  });

  it('names scheduled backups by their time and keeps the newest BACKUP_KEEP, leaving other files alone', async () => {
    const folder = mkdtempSync(join(dir, 'scheduled-'));
    const names = [0, 1, 2, 3].map((day) => scheduledBackupName(new Date(Date.UTC(2026, 10, 20 + day, 3))));
    for (const name of [...names, 'notes.txt']) writeFileSync(join(folder, name), '');
    expect(names[0]).toBe('mmdm-20261120T030000Z.backup.tar');
    expect(await pruneBackups(folder, 2)).toEqual([names[1], names[0]]);
    expect(readdirSync(folder).sort()).toEqual([names[2], names[3], 'notes.txt'].sort());
  });
});

describe('db:restore', () => {
  it('into an empty database brings back every row of both schemas, the migrations tables included, and starts a new mail epoch', async () => {
    const target = await emptyDatabase();
    const { replaced } = await restoreBackup(target.url, backup);
    expect(replaced).toEqual([]);
    expect(await contents(target.url)).toEqual({
      ...(await contents(source.url)),
      // The restore's own record, which the source does not have.
      'waitlist.restores': expect.stringMatching(/^1:/),
    });
    const [restores, levels] = await withClient(target.url, async (client) =>
      Promise.all([
        client.query('select backup_sha256 from waitlist.restores'),
        client.query(
          `select (select count(*)::int from waitlist.migrations) as w, (select count(*)::int from auth.migrations) as a`,
        ),
      ]),
    );
    expect(restores.rows).toHaveLength(1);
    expect(levels.rows[0]).toEqual(
      await withClient(
        source.url,
        async (client) =>
          (
            await client.query(
              `select (select count(*)::int from waitlist.migrations) as w, (select count(*)::int from auth.migrations) as a`,
            )
          ).rows[0],
      ),
    );
    // The services start on it as on their own database: nothing left to migrate.
    for (const { name, migrationsDir } of OWNED_SCHEMAS)
      await migrate({ databaseUrl: target.url, dir: migrationsDir, schema: name, logger });
  });

  it('refuses a database that already holds the schemas without --force, changing nothing; with --force replaces them', async () => {
    const target = await migratedDatabase();
    await withClient(target.url, (client) =>
      client.query(
        `insert into waitlist.entries (email, email_normalized) values ('kept@example.com', 'kept@example.com')`,
      ),
    );
    const before = await contents(target.url);
    const refusal = await restoreBackup(target.url, backup).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(RestoreRefused);
    expect((refusal as RestoreRefused).reason).toBe('not_empty');
    expect((refusal as Error).message).toMatch(
      /already holds the schemas auth, waitlist.*--force.*Nothing was changed/,
    );
    expect(await contents(target.url)).toEqual(before);

    const { replaced } = await restoreBackup(target.url, backup, true);
    expect(replaced).toEqual(['auth', 'waitlist']);
    const after = await contents(target.url);
    expect(after['waitlist.entries']).toEqual((await contents(source.url))['waitlist.entries']);
  });

  it('refuses a damaged dump (checksum), changing nothing', async () => {
    const target = await migratedDatabase();
    const before = await contents(target.url);
    const damaged = join(dir, 'damaged.backup.tar');
    const dump = join(dir, 'damaged.pgdump');
    const manifest = await readBackupFile(backup, dump);
    const bytes = readFileSync(dump);
    bytes[bytes.length >> 1] = (bytes[bytes.length >> 1] ?? 0) ^ 0xff;
    writeFileSync(dump, bytes);
    await writeBackupFile(damaged, manifest, dump);
    const refusal = await restoreBackup(target.url, damaged, true).catch((error: unknown) => error);
    expect((refusal as RestoreRefused).reason).toBe('checksum');
    expect((refusal as Error).message).toMatch(/is damaged: its dump's SHA-256 is [0-9a-f]{64}, the manifest says/);
    expect(await contents(target.url)).toEqual(before);
  });

  it('refuses a backup from a newer release (a migration this code does not have), changing nothing, even with --force', async () => {
    const target = await migratedDatabase();
    const before = await contents(target.url);
    const newer = join(dir, 'newer.backup.tar');
    const dump = join(dir, 'newer.pgdump');
    const manifest = await readBackupFile(backup, dump);
    const waitlist = manifest.schemas.waitlist;
    if (!waitlist) throw new Error('no waitlist schema in the manifest');
    manifest.schemas.waitlist = { ...waitlist, migration: '999_from_the_future', level: 999 };
    await writeBackupFile(newer, manifest, dump);
    const refusal = await restoreBackup(target.url, newer, true).catch((error: unknown) => error);
    expect((refusal as RestoreRefused).reason).toBe('newer_release');
    expect((refusal as Error).message).toMatch(
      /waitlist at migration 999_from_the_future, this release knows up to \d+/,
    );
    expect(await contents(target.url)).toEqual(before);
  });

  it('fails whole when the dump does not hold what its manifest counts: the transaction rolls back', async () => {
    const target = await migratedDatabase();
    const before = await contents(target.url);
    const lying = join(dir, 'lying.backup.tar');
    const dump = join(dir, 'lying.pgdump');
    const manifest = await readBackupFile(backup, dump);
    const waitlist = manifest.schemas.waitlist;
    if (!waitlist) throw new Error('no waitlist schema in the manifest');
    manifest.schemas.waitlist = { ...waitlist, rows: { ...waitlist.rows, entries: 26 } };
    await writeBackupFile(lying, manifest, dump);
    await expect(restoreBackup(target.url, lying, true)).rejects.toThrow(
      /restored waitlist.entries does not hold the 26 rows the manifest counts/,
    );
    expect(await contents(target.url)).toEqual(before);
  });

  it('through the commands: exit 2 and a clear message for a refusal, 0 and a summary for a restore', () => {
    const root = fileURLToPath(new URL('../../../../../', import.meta.url));
    const run = (args: string[], url: string) =>
      spawnSync(process.execPath, ['--import', 'tsx', ...args], {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, DATABASE_URL: url, TSX_TSCONFIG_PATH: 'tsconfig.tests.json' },
      });
    const missing = run(['services/backup/src/cli/restore.ts', join(dir, 'no-such.backup.tar')], source.url);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(
      /^db:restore failed, nothing was changed .*no-such\.backup\.tar is not a readable backup \(tar\): ENOENT/,
    );
    expect(missing.stderr).not.toMatch(/\n\s+at /); // a message, not a stack trace
    const refused = run(['services/backup/src/cli/restore.ts', backup], source.url);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/^db:restore refused: The database already holds the schemas auth, waitlist/);
    const again = join(dir, 'cli.backup.tar');
    const made = run(['services/backup/src/cli/backup.ts', '--out', again], source.url);
    expect(made.stderr).toBe('');
    expect(made.status).toBe(0);
    expect(made.stdout).toMatch(/^Backup written to .*cli\.backup\.tar/);
    expect(made.stdout).toMatch(new RegExp(`waitlist: migration ${latestWaitlistMigration}, \\d+ rows in \\d+ tables`));
  });
});
