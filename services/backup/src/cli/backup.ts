/**
 * A backup of every schema the system owns (auth, waitlist, their migrations tables), as one file:
 *   npm run db:backup -- --out FILE            one backup, to FILE
 *   npm run db:backup -- --dir DIR [--keep N]  a backup named by its time in DIR, keeping the N newest (BACKUP_KEEP)
 * DATABASE_URL says which database. The format and its manifest: docs/decisions/031-backups-and-restore.md.
 */
import { parseArgs } from 'node:util';
import { exitOnConfigError } from '@mmdm/shared/config';
import { loadBackupConfig, type BackupConfig } from '../config.js';
import type { Manifest } from '../modules/backup/backup.schema.js';
import { backupInto, takeBackup } from '../modules/backup/backup.service.js';

const USAGE = 'usage: db:backup --out FILE | --dir DIR [--keep N]';

function summary(file: string, manifest: Manifest): string {
  const schemas = Object.entries(manifest.schemas).map(
    ([name, schema]) =>
      `  ${name}: migration ${schema.migration ?? '(none)'}, ` +
      `${Object.values(schema.rows).reduce((sum, n) => sum + n, 0)} rows in ${Object.keys(schema.rows).length} tables`,
  );
  return [
    `Backup written to ${file} (${manifest.dump.bytes} bytes of dump, taken ${manifest.takenAt}):`,
    ...schemas,
  ].join('\n');
}

async function main(): Promise<number> {
  let config: BackupConfig;
  try {
    config = loadBackupConfig();
  } catch (error) {
    exitOnConfigError(error, 'db:backup');
  }
  let values: { out?: string; dir?: string; keep?: string };
  try {
    ({ values } = parseArgs({
      options: { out: { type: 'string' }, dir: { type: 'string' }, keep: { type: 'string' } },
    }));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 64;
  }
  const keep = values.keep === undefined ? config.keep : Number(values.keep);
  if (Boolean(values.out) === Boolean(values.dir) || !Number.isInteger(keep) || keep < 1) {
    console.error(USAGE);
    return 64;
  }
  if (values.out) {
    console.log(summary(values.out, await takeBackup(config.databaseUrl, values.out)));
    return 0;
  }
  const { file, manifest, pruned } = await backupInto(config.databaseUrl, values.dir as string, keep);
  console.log(summary(file, manifest));
  if (pruned.length)
    console.log(`Deleted ${pruned.length} older backups beyond the ${keep} kept: ${pruned.join(', ')}`);
  return 0;
}

process.exitCode = await main().catch((error: unknown) => {
  console.error(`db:backup failed: ${error instanceof Error ? error.message : String(error)}`);
  return 1;
});
