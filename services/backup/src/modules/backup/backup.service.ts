import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { Readable } from 'node:stream';
import { connect, exportSnapshot, presentSchemas, serverMajor, snapshotFacts } from './backup.repository.js';
import { MANIFEST_FORMAT, type Manifest } from './backup.schema.js';
import { DUMP_MEMBER, readBackupFile, sha256Of, writeBackupFile } from './backup-file.js';
import { levelOf, OWNED_SCHEMAS, releaseLevels } from './owned-schemas.js';
import { clientVersion, dump, restoreScript, runScript } from './pg-tools.js';

const SCHEMAS = OWNED_SCHEMAS.map((schema) => schema.name);

/** pg_dump refuses a server newer than itself; say so before it does, with what to do. */
async function assertClientCanDump(serverMajorVersion: number): Promise<string> {
  const pgDump = await clientVersion('pg_dump');
  if (pgDump.major < serverMajorVersion) {
    throw new Error(
      `pg_dump ${pgDump.version} cannot dump PostgreSQL ${serverMajorVersion}: use PostgreSQL ${serverMajorVersion}'s ` +
        "client programs or newer (the backup image installs them: build it with PG_CLIENT_MAJOR set to the server's version)",
    );
  }
  return pgDump.version;
}

/**
 * Writes a backup of every schema the system owns to `out`: one consistent snapshot (the counts and migration levels in
 * the manifest were read in the snapshot pg_dump dumped), written beside `out` and renamed into place only when whole,
 * so a backup that fails half-way leaves no file that looks complete.
 */
export async function takeBackup(databaseUrl: string, out: string): Promise<Manifest> {
  const client = await connect(databaseUrl);
  const partial = `${out}.partial-${randomBytes(4).toString('hex')}`;
  const dumpFile = `${partial}.pgdump`;
  try {
    const pgDumpVersion = await assertClientCanDump(await serverMajor(client));
    const snapshot = await exportSnapshot(client);
    const facts = await snapshotFacts(client, SCHEMAS);
    await dump({ databaseUrl, snapshot, schemas: SCHEMAS, extensions: facts.extensions, file: dumpFile });
    await client.query('commit');
    const manifest: Manifest = {
      format: MANIFEST_FORMAT,
      takenAt: facts.takenAt,
      database: { name: facts.database, serverVersion: facts.serverVersion },
      pgDump: { version: pgDumpVersion },
      extensions: facts.extensions,
      schemas: Object.fromEntries(
        Object.entries(facts.schemas).map(([name, schema]) => [
          name,
          { migration: schema.migration, level: levelOf(schema.migration), rows: schema.rows },
        ]),
      ),
      dump: { file: DUMP_MEMBER, bytes: (await stat(dumpFile)).size, sha256: await sha256Of(dumpFile) },
    };
    await writeBackupFile(partial, manifest, dumpFile);
    await rename(partial, out);
    return manifest;
  } finally {
    await client.end().catch(() => undefined);
    await rm(dumpFile, { force: true });
    await rm(partial, { force: true });
  }
}

/** Why a restore did not start; nothing in the database was changed. */
export class RestoreRefused extends Error {
  override name = 'RestoreRefused';
  constructor(
    readonly reason: 'checksum' | 'newer_release' | 'not_empty' | 'unknown_schema',
    message: string,
  ) {
    super(`${message} Nothing was changed.`);
  }
}

export interface RestoreResult {
  manifest: Manifest;
  /** Schemas that were there before and were replaced (only with `force`). */
  replaced: string[];
}

/**
 * The SQL that wraps pg_restore's: with `force`, the schemas dropped first; after it, every table's row count checked
 * against the manifest (a mismatch raises, so the whole transaction rolls back) and the schema's own after-restore
 * step (waitlist.after_restore: a new mail epoch, claims of the lost database released), when the dump has one.
 */
function wrapScript(manifest: Manifest, drop: readonly string[], body: Readable): Readable {
  const before = drop.map((schema) => `drop schema if exists "${schema}" cascade;\n`).join('');
  const checks = Object.entries(manifest.schemas).flatMap(([schema, { rows }]) =>
    Object.entries(rows).map(
      ([table, count]) =>
        `  if (select count(*) from "${schema}"."${table}") <> ${count} then\n` +
        `    raise exception 'restored %.% does not hold the % rows the manifest counts', '${schema}', '${table}', ${count};\n` +
        `  end if;\n`,
    ),
  );
  // takenAt and sha256 passed the manifest's schema (an ISO time, 64 hex digits): safe inside quotes.
  const after =
    `\ndo $restore_check$ begin\n${checks.join('')}end $restore_check$;\n` +
    `do $after_restore$ begin\n` +
    `  if to_regprocedure('waitlist.after_restore(timestamptz,text)') is not null then\n` +
    `    perform waitlist.after_restore('${manifest.takenAt}'::timestamptz, '${manifest.dump.sha256}');\n` +
    `  end if;\n` +
    `end $after_restore$;\n`;
  return Readable.from(
    (async function* () {
      yield before;
      for await (const chunk of body) yield chunk as Buffer;
      yield after;
    })(),
  );
}

/**
 * Restores a backup into the database `databaseUrl` names, in one transaction. Refuses, changing nothing, a file whose
 * dump does not match its checksum, a backup from a newer release than this one (its migrations are unknown here),
 * or a database that already holds the system's schemas unless `force` (then they are replaced). Stop the services
 * first: a restore under their feet waits for their locks, and what they write meanwhile is lost.
 */
export async function restoreBackup(databaseUrl: string, file: string, force = false): Promise<RestoreResult> {
  const work = await mkdtemp(join(tmpdir(), 'mmdm-restore-'));
  const dumpFile = join(work, DUMP_MEMBER);
  try {
    const manifest = await readBackupFile(file, dumpFile);
    const sha256 = await sha256Of(dumpFile);
    if (sha256 !== manifest.dump.sha256) {
      throw new RestoreRefused(
        'checksum',
        `${basename(file)} is damaged: its dump's SHA-256 is ${sha256}, the manifest says ${manifest.dump.sha256}. ` +
          'Restore another backup (an earlier one, or a copy of this one from elsewhere).',
      );
    }
    const unknown = Object.keys(manifest.schemas).filter((schema) => !(SCHEMAS as readonly string[]).includes(schema));
    if (unknown.length) {
      throw new RestoreRefused(
        'unknown_schema',
        `${basename(file)} holds schemas this release does not own: ${unknown}.`,
      );
    }
    const release = releaseLevels();
    const newer = Object.entries(manifest.schemas).filter(([schema, { level }]) => level > (release[schema] ?? 0));
    if (newer.length) {
      throw new RestoreRefused(
        'newer_release',
        `${basename(file)} comes from a newer release: ` +
          newer
            .map(
              ([schema, { migration }]) =>
                `${schema} at migration ${migration}, this release knows up to ${release[schema]}`,
            )
            .join('; ') +
          '. Restore it with that release or a later one.',
      );
    }
    const client = await connect(databaseUrl);
    let present: string[];
    try {
      present = await presentSchemas(client, SCHEMAS);
    } finally {
      await client.end().catch(() => undefined);
    }
    if (present.length && !force) {
      throw new RestoreRefused(
        'not_empty',
        `The database already holds the schemas ${present.join(', ')}: a restore would replace them and everything ` +
          'in them. Stop the services, then run the restore again with --force to replace them.',
      );
    }
    await runScript(databaseUrl, wrapScript(manifest, force ? SCHEMAS : [], restoreScript(dumpFile)));
    return { manifest, replaced: force ? present : [] };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Scheduled backups are named by their time, so that names sort as times do: mmdm-20261127T030000Z.backup.tar. */
const SCHEDULED = /^mmdm-\d{8}T\d{6}Z\.backup\.tar$/;

export function scheduledBackupName(at: Date): string {
  return `mmdm-${at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z')}.backup.tar`;
}

/** Deletes all but the `keep` newest scheduled backups in `dir` (other files are left alone); returns their names. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const names = (await readdir(dir))
    .filter((name) => SCHEDULED.test(name))
    .sort()
    .reverse();
  const old = names.slice(keep);
  for (const name of old) await rm(join(dir, name), { force: true });
  return old;
}

/** One scheduled backup into `dir`, then the pruning: what the compose service and the Kubernetes CronJob run. */
export async function backupInto(databaseUrl: string, dir: string, keep: number) {
  await mkdir(dir, { recursive: true });
  const name = scheduledBackupName(new Date());
  const manifest = await takeBackup(databaseUrl, join(dir, name));
  const pruned = await pruneBackups(dir, keep);
  return { file: join(dir, name), manifest, pruned };
}
