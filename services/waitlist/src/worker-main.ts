import { exitOnConfigError } from '@mmdm/shared/config';
import { postgresUnreachableMessage } from '@mmdm/shared/db';
import { handleLifecycle } from '@mmdm/shared/lifecycle';
import { createLogger } from '@mmdm/shared/logger';
import { loadWorkerConfig, type WorkerConfig } from './config.js';
import { migrateWaitlist } from './migrations.js';
import { startMailWorker } from './worker.js';

let config: WorkerConfig;
try {
  config = loadWorkerConfig();
} catch (error) {
  exitOnConfigError(error, 'waitlist-worker');
}

const logger = createLogger({ name: 'waitlist-worker', level: config.logLevel });

try {
  await migrateWaitlist(config.databaseUrl, logger);
} catch (error) {
  logger.fatal({ err: error }, postgresUnreachableMessage(config.databaseUrl, error));
  process.exit(1);
}

// A worker that cannot hand mail over any more stops with exit 1, so its supervisor (npm start, compose) restarts it.
const lifecycle: { stop?: (reason: string, exitCode?: number) => Promise<void> } = {};
const worker = await startMailWorker({
  config,
  logger,
  onFatal: (reason) => {
    if (lifecycle.stop) void lifecycle.stop(reason, 1).then(() => process.exit(1));
    else process.exit(1);
  },
});
const server = worker.app.listen(config.http.port, config.http.host, () => {
  logger.info({ port: config.http.port, host: config.http.host, mail: worker.sender.kind }, 'waitlist worker running');
});
server.on('error', (error) => {
  logger.fatal({ err: error }, 'cannot listen');
  process.exit(1);
});

lifecycle.stop = handleLifecycle({ logger, timeoutMs: config.shutdownTimeoutMs, server, resources: worker.resources });
