import { exitOnConfigError } from '@mmdm/shared/config';
import { handleLifecycle } from '@mmdm/shared/lifecycle';
import { createLogger } from '@mmdm/shared/logger';
import { createHttpMetrics, createMetricsRegistry, startMetricsServer } from '@mmdm/shared/metrics';
import type { Server } from 'node:http';
import { createGateway } from './app.js';
import { loadGatewayConfig, type GatewayConfig } from './config.js';
import { createGatewayServer } from './http/gateway-server.js';
import { loadSiteBuild, SiteBuildMissingError, type SiteBuild } from './modules/site/site-build.js';

let config: GatewayConfig;
try {
  config = loadGatewayConfig();
} catch (error) {
  exitOnConfigError(error, 'gateway');
}

const logger = createLogger({ name: 'gateway', level: config.logLevel });

let site: SiteBuild;
try {
  site = await loadSiteBuild(config.webDistDir);
} catch (error) {
  if (!(error instanceof SiteBuildMissingError)) throw error;
  process.stderr.write(`gateway: ${error.message}\n`);
  process.exit(1);
}

const registry = createMetricsRegistry();
const gateway = createGateway({ config, logger, site, metrics: createHttpMetrics(registry) });
const server = createGatewayServer(gateway);

let metricsServer: Server;
try {
  metricsServer = await startMetricsServer({ registry, port: config.http.metricsPort, host: config.http.host, logger });
} catch (error) {
  logger.fatal({ err: error, port: config.http.metricsPort }, 'cannot listen for metrics (GATEWAY_METRICS_PORT)');
  process.exit(1);
}

handleLifecycle({
  logger,
  timeoutMs: config.shutdownTimeoutMs,
  server,
  resources: [
    { name: 'upstream connections', close: gateway.close },
    { name: 'metrics server', close: () => new Promise((resolve) => metricsServer.close(resolve)) },
  ],
});

server.listen(config.http.port, config.http.host, () => {
  logger.info(
    { port: config.http.port, metricsPort: config.http.metricsPort, host: config.http.host, upstreams: config.upstreams, webDistDir: config.webDistDir },
    'gateway listening',
  );
});
server.on('error', (error) => {
  logger.fatal({ err: error }, 'cannot listen');
  process.exit(1);
});
