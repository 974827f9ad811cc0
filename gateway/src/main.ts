import { exitOnConfigError } from '@mmdm/shared/config';
import { runProcess } from '@mmdm/shared/lifecycle';
import { createLogger } from '@mmdm/shared/logger';
import { createHttpMetrics, createMetricsRegistry, startMetricsServer } from '@mmdm/shared/metrics';
import { createGateway } from './app.js';
import { loadGatewayConfig, type GatewayConfig } from './config.js';
import { createGatewayServer } from './http/gateway-server.js';
import { loadSiteBuild, SiteBuildMissingError, type SiteBuild } from './modules/site/site-build.js';

// The shape of every process's main.ts: config, then connect, migrate, build, signals, listen (runProcess). The
// gateway has no database: its "config" includes the site build, and its start step opens the metrics port.
let config: GatewayConfig;
try {
  config = loadGatewayConfig();
} catch (error) {
  exitOnConfigError(error, 'gateway');
}

let site: SiteBuild;
try {
  site = await loadSiteBuild(config.webDistDir);
} catch (error) {
  if (!(error instanceof SiteBuildMissingError)) throw error;
  process.stderr.write(`gateway: ${error.message}\n`);
  process.exit(1);
}

const logger = createLogger({ name: 'gateway', level: config.logLevel });

await runProcess({
  name: 'gateway',
  logger,
  timeoutMs: config.shutdownTimeoutMs,
  port: config.http.port,
  host: config.http.host,
  async start() {
    const registry = createMetricsRegistry();
    const gateway = createGateway({ config, logger, site, metrics: createHttpMetrics(registry) });
    const { metricsPort, metricsHost } = config.http;
    const metricsServer = await startMetricsServer({ registry, port: metricsPort, host: metricsHost, logger }).catch(
      (error: unknown) => {
        throw new Error(`cannot listen for metrics (GATEWAY_METRICS_PORT) on ${metricsHost}:${metricsPort}`, {
          cause: error,
        });
      },
    );
    return {
      server: createGatewayServer(gateway),
      resources: [
        { name: 'upstream connections', close: gateway.close },
        { name: 'metrics server', close: () => new Promise((resolve) => metricsServer.close(resolve)) },
      ],
      facts: { metricsPort, metricsHost, upstreams: config.upstreams, webDistDir: config.webDistDir },
    };
  },
});
