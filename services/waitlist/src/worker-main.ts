import { createServer } from 'node:http';
import { configOrExit } from '@mmdm/shared/config';
import { assertPostgresReachable } from '@mmdm/shared/db';
import { runProcess } from '@mmdm/shared/lifecycle';
import { createLogger } from '@mmdm/shared/logger';
import { loadWorkerConfig } from './config.js';
import { migrateWaitlist } from './migrations.js';
import { startMailWorker, type MailWorker } from './worker.js';

// The shape of every process's main.ts: config, then connect, migrate, build, signals, listen (runProcess).
const config = configOrExit(loadWorkerConfig, 'waitlist-worker');

const logger = createLogger({ name: 'waitlist-worker', level: config.logLevel });
let worker: MailWorker | undefined;
const lifecycle: { stop?: (reason: string, exitCode?: number) => Promise<void> } = {};

lifecycle.stop = await runProcess({
  name: 'waitlist worker',
  logger,
  timeoutMs: config.shutdownTimeoutMs,
  port: config.http.port,
  host: config.http.host,
  abandon: async () => {
    for (const resource of worker?.resources ?? []) await Promise.resolve(resource.close()).catch(() => undefined);
  },
  async start() {
    await assertPostgresReachable(config.database.url);
    await migrateWaitlist(config.database.directUrl, logger);
    worker = await startMailWorker({
      config,
      logger,
      // A worker that cannot hand mail over any more stops with exit 1, so its supervisor (npm start, compose)
      // restarts it.
      onFatal: (reason) => {
        if (lifecycle.stop) void lifecycle.stop(reason, 1).then(() => process.exit(1));
        else process.exit(1);
      },
    });
    return { server: createServer(worker.app), resources: worker.resources, facts: { mail: worker.sender.kind } };
  },
});
