/**
 * Restores a backup made by db:backup into the database DATABASE_URL names, in one transaction:
 *   npm run db:restore -- FILE [--force]
 * Refuses (exit 2, nothing changed) a damaged file, a backup from a newer release, or a database that already holds
 * the system's schemas unless --force. Stop the services first; start them again after. Runbook: docs/operations.md.
 */
import { parseArgs } from 'node:util';
import { exitOnConfigError } from '@mmdm/shared/config';
import { loadBackupConfig, type BackupConfig } from '../config.js';
import { RestoreRefused, restoreBackup } from '../modules/backup/backup.service.js';

const USAGE = 'usage: db:restore FILE [--force]';

async function main(): Promise<number> {
  let config: BackupConfig;
  try {
    config = loadBackupConfig();
  } catch (error) {
    exitOnConfigError(error, 'db:restore');
  }
  let file: string | undefined;
  let force = false;
  try {
    const { values, positionals } = parseArgs({ options: { force: { type: 'boolean' } }, allowPositionals: true });
    if (positionals.length !== 1) throw new Error('one backup file, please');
    file = positionals[0];
    force = values.force ?? false;
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 64;
  }
  try {
    const { manifest, replaced } = await restoreBackup(config.databaseUrl, file as string, force);
    const rows = Object.values(manifest.schemas).reduce(
      (sum, schema) => sum + Object.values(schema.rows).reduce((a, b) => a + b, 0),
      0,
    );
    console.log(
      `Restored ${file} (taken ${manifest.takenAt}): ${Object.entries(manifest.schemas)
        .map(([name, schema]) => `${name} at ${schema.migration ?? '(none)'}`)
        .join(', ')}; ${rows} rows, each table's count checked.` +
        (replaced.length ? ` Replaced the schemas ${replaced.join(', ')}.` : ''),
    );
    console.log(
      'Start the services: they apply any newer migrations, and the mail worker queues every owed mail again.',
    );
    return 0;
  } catch (error) {
    if (error instanceof RestoreRefused) {
      console.error(`db:restore refused: ${error.message}`);
      return 2;
    }
    throw error;
  }
}

process.exitCode = await main().catch((error: unknown) => {
  console.error(
    `db:restore failed, nothing was changed (the restore runs in one transaction): ${error instanceof Error ? error.message : String(error)}`,
  );
  return 1;
});
