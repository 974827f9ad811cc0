import { loadConfig } from '@mmdm/shared/config';
import { backupEnvSchema } from './modules/backup/backup.schema.js';

export interface BackupConfig {
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  databaseUrl: string;
  /** Where scheduled backups are written (and pruned). */
  dir: string;
  /** A cron expression (five fields, UTC): when the scheduled backups run. */
  schedule: string;
  /** How many scheduled backups are kept, newest first. */
  keep: number;
}

/** The backup commands' and the scheduled backup process's settings (docs/configuration.md, "Backups"). */
export function loadBackupConfig(source: NodeJS.ProcessEnv = process.env): BackupConfig {
  const parsed = loadConfig(backupEnvSchema, source);
  return Object.freeze({
    logLevel: parsed.LOG_LEVEL,
    // A backup's snapshot and a restore's single transaction span many statements: never through a pooler.
    databaseUrl: parsed.DATABASE_DIRECT_URL ?? parsed.DATABASE_URL,
    dir: parsed.BACKUP_DIR,
    schedule: parsed.BACKUP_SCHEDULE,
    keep: parsed.BACKUP_KEEP,
  });
}
