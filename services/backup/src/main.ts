/**
 * The scheduled backups (compose profile `backup`): a backup into BACKUP_DIR at every BACKUP_SCHEDULE (cron, UTC),
 * keeping the BACKUP_KEEP newest. No port and no Redis: it only talks to Postgres, at its times, so it has no health
 * endpoint; each run logs one line (its file, size and rows, or why it failed). Kubernetes runs the same backup as a
 * CronJob instead (infra/k8s/overlays/production).
 */
import { mkdir } from 'node:fs/promises';
import parser from 'cron-parser';
import { exitOnConfigError } from '@mmdm/shared/config';
import { createLogger } from '@mmdm/shared/logger';
import { loadBackupConfig, type BackupConfig } from './config.js';
import { backupInto } from './modules/backup/backup.service.js';

let config: BackupConfig;
try {
  config = loadBackupConfig();
} catch (error) {
  exitOnConfigError(error, 'backup');
}
const logger = createLogger({ name: 'backup', level: config.logLevel });
await mkdir(config.dir, { recursive: true });

let stopping = false;
let timer: NodeJS.Timeout | undefined;
let running: Promise<void> = Promise.resolve();

const runOnce = async () => {
  const started = Date.now();
  try {
    const { file, manifest, pruned } = await backupInto(config.databaseUrl, config.dir, config.keep);
    const rows = Object.values(manifest.schemas).reduce(
      (sum, schema) => sum + Object.values(schema.rows).reduce((a, b) => a + b, 0),
      0,
    );
    logger.info(
      { file, bytes: manifest.dump.bytes, rows, pruned: pruned.length, ms: Date.now() - started },
      'backup written',
    );
  } catch (error) {
    logger.error({ err: error, ms: Date.now() - started }, 'backup failed; the next one runs at its time');
  }
};

const scheduleNext = () => {
  if (stopping) return;
  const next = parser.parseExpression(config.schedule, { utc: true }).next().toDate();
  // setTimeout holds at most ~24.8 days; a longer wait is taken in steps.
  const wait = Math.min(next.getTime() - Date.now(), 2 ** 31 - 1);
  timer = setTimeout(
    () => {
      if (Date.now() < next.getTime() - 1000) return scheduleNext();
      running = runOnce().then(scheduleNext);
    },
    Math.max(0, wait),
  );
};

const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  clearTimeout(timer);
  logger.info({ signal }, 'stopping after the backup in progress, if any');
  await running;
  process.exit(0);
};
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));

logger.info(
  {
    dir: config.dir,
    schedule: config.schedule,
    keep: config.keep,
    next: parser.parseExpression(config.schedule, { utc: true }).next().toDate(),
  },
  'scheduled backups started',
);
scheduleNext();
