import { env } from '@mmdm/shared/config';
import parser from 'cron-parser';
import { z } from 'zod';

/** The environment of the backup commands and of the scheduled backup process. */
export const backupEnvSchema = z.object({
  LOG_LEVEL: env.logLevel(),
  DATABASE_URL: env.url('postgres://postgres@127.0.0.1:5432/mmdm', ['postgres:', 'postgresql:']),
  /** Set where DATABASE_URL is a transaction pooler: pg_dump and the restore need a session of their own. */
  DATABASE_DIRECT_URL: env.optionalUrl(['postgres:', 'postgresql:']),
  BACKUP_DIR: z.string().min(1).default('var/backups'),
  /** Daily at 03:00 UTC by default; any five-field cron expression (or @daily, @hourly...). */
  BACKUP_SCHEDULE: z
    .string()
    .default('0 3 * * *')
    .refine((value) => {
      try {
        parser.parseExpression(value, { utc: true });
        return true;
      } catch {
        return false;
      }
    }, 'must be a cron expression such as "0 3 * * *" (minute hour day month weekday, UTC)'),
  BACKUP_KEEP: env.int(14, 1),
});

/** Names spliced into SQL (schemas, tables) are plain lower-case words, checked here before any use. */
const sqlName = z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/);

export const MANIFEST_FORMAT = 'mmdm-backup/1';

/**
 * What a backup says about itself (`manifest.json`, the first member of the backup's tar file). The counts and
 * migration levels were read in the very snapshot pg_dump dumped, so they describe exactly the rows in the dump.
 */
export const manifestSchema = z.object({
  format: z.literal(MANIFEST_FORMAT),
  /** When the snapshot was taken (the database's clock). */
  takenAt: z.iso.datetime({ offset: true }),
  database: z.object({ name: z.string(), serverVersion: z.string() }),
  pgDump: z.object({ version: z.string() }),
  /** Extensions the schemas use (created before them on restore, if missing). */
  extensions: z.array(sqlName),
  schemas: z.record(
    sqlName,
    z.object({
      /** The last migration applied (its file name without .sql) and its number: the schema's migration level. */
      migration: z.string().nullable(),
      level: z.number().int().min(0),
      /** Rows per table at the snapshot. */
      rows: z.record(sqlName, z.number().int().min(0)),
    }),
  ),
  dump: z.object({
    file: z.literal('database.pgdump'),
    bytes: z.number().int().min(0),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
  }),
});

export type Manifest = z.infer<typeof manifestSchema>;
